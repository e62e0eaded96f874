/**
 * A vitest setup file: before each test file, registers the removal of the temporary folders
 * its tests make (temp-folder.ts). Registered first, the hook runs after the file's own
 * afterAll hooks (vitest runs them as a stack), when its servers have stopped writing there.
 */
import { afterAll } from 'vitest';
import { removeTempFolders } from './temp-folder.ts';

afterAll(removeTempFolders);
