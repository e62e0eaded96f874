import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { version as serverVersion } from 'react-dom/server';
import { expect, test } from 'vitest';

// vite.config.ts runs test/react twice: on React 19 (react and every-node projects) and on React 18.3 (react-18).
test('the React tests run on the React the project names, one copy of it', () => {
  const major = process.env.SFK_REACT_MAJOR;
  expect(version).toMatch(major === '18' ? /^18\.3\./ : /^19\./);
  expect(domVersion).toBe(version);
  expect(serverVersion).toBe(version);
});
