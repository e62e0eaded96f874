/** Opens an operation's page with these values (the page reads them once). */
import type { useNavigate } from 'react-router';
import { findOperation, routeOf } from '../../core/operations.ts';
import { replayWith } from '../../core/replay.ts';

export function openWith(
  navigate: ReturnType<typeof useNavigate>,
  r: { opKey: string; path: unknown; options: unknown },
) {
  const d = findOperation(r.opKey);
  if (!d) return;
  replayWith(r);
  navigate(routeOf(d));
}
