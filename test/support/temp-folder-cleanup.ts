/**
 * A vitest setup file: before each test file, registers the removal of the temporary folders
 * its tests make (temp-folder.ts). Registered first, the hook runs after the file's own
 * afterAll hooks (vitest runs them as a stack), when its servers have stopped writing there.
 * It also marks the file's collection (its import, its describe bodies): tempFolder refuses to
 * make a folder then, since a collection alone (`vitest list`, a filter) runs no afterAll. The
 * first beforeAll, this one's, runs once the collection is over.
 */
import { afterAll, beforeAll } from 'vitest';
import { removeTempFolders, setCollecting } from './temp-folder.ts';

setCollecting(true);
beforeAll(() => setCollecting(false));
afterAll(removeTempFolders);
