/**
 * Every operation's path asked through a door that serves the console beside the sandbox
 * (`npm start`, `npx storefront-kit`, `npx storefront-kit sandbox`), beside the same request to a
 * sandbox alone (`npm run sandbox`): the door must answer as the sandbox does, never with the
 * console's page (issue 31: `GET /assets/scripts/v1/site-scripts` answered the console's HTML).
 * A path neither owns answers the sandbox's 404 in the provider's format.
 */
import { operationList } from '../../generated/operations.ts';

/** Provider paths asked besides every operation's: one the console's files sit beside, and one no operation has. */
export const EXTRA_PATHS = ['/assets/scripts/v1/site-scripts', '/bookings/v2/services', '/assets/no-such-thing'];

/** Each operation's path with its parameters filled, once per path. */
export function operationPaths(): string[] {
  return [...new Set(operationList.map((d) => d.path.replace(/\{[^}]+\}/g, 'x')))].sort();
}

export interface DoorAnswer {
  status: number;
  type: string;
}

async function ask(base: string, path: string): Promise<DoorAnswer> {
  const res = await fetch(base + path);
  await res.arrayBuffer();
  return { status: res.status, type: (res.headers.get('content-type') ?? '').split(';')[0] };
}

/**
 * The paths whose answer through `door` differs from the sandbox's (`alone`), each with both
 * answers; an empty list when the door answers every provider path as the sandbox does.
 */
export async function doorDifferences(
  door: string,
  alone: string,
): Promise<{ path: string; door: DoorAnswer; alone: DoorAnswer }[]> {
  const out = [];
  for (const path of [...operationPaths(), ...EXTRA_PATHS]) {
    const [a, b] = [await ask(door, path), await ask(alone, path)];
    if (a.status !== b.status || a.type !== b.type || a.type === 'text/html') out.push({ path, door: a, alone: b });
  }
  return out;
}
