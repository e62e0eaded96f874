/**
 * The last call of an operation's page: its answer (kept for this tab), whether one is on its
 * way, and the status line that takes the focus when an answer Send asked for is on screen.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { OperationDescriptor } from '../../../../src/console-data.ts';
import { send, type CallResult } from '../../core/client.ts';
import { recall, remember } from '../../core/state.ts';

/** The most of a raw body this tab keeps with the answer. */
const KEPT_RAW_CHARACTERS = 200_000;

export function useCall(d: OperationDescriptor) {
  const [result, setResult] = useState<CallResult | undefined>(() => recall<CallResult>('answer', d.key));
  const [busy, setBusy] = useState(false);
  const statusLine = useRef<HTMLHeadingElement>(null);
  /** Set by Send: the answer, once on screen, gets the focus. */
  const answered = useRef(false);
  // After the answer is laid out (not before: the page would still be short, and a scroll clamped):
  // the focus goes to its status line, which a screen reader reads; on stacked panes (a phone)
  // the answer starts at the top of the screen rather than at its bottom edge.
  useLayoutEffect(() => {
    const line = statusLine.current;
    if (!answered.current || !line) return;
    answered.current = false;
    const stacked = matchMedia('(max-width: 999px)').matches;
    line.focus({ preventScroll: stacked });
    if (stacked) line.scrollIntoView({ block: 'start' });
  }, [result]);

  /** The answer on screen would be the last call's, not this one's: nothing was sent. */
  const forget = () => {
    setResult(undefined);
    remember('answer', d.key, undefined);
  };

  const sendNow = async (pathList: string[], options: Record<string, unknown>) => {
    setBusy(true);
    const r = await send(d, pathList, options, { source: 'page' });
    setBusy(false);
    answered.current = true;
    setResult(r);
    const raw = r.raw && r.raw.length > KEPT_RAW_CHARACTERS ? `${r.raw.slice(0, KEPT_RAW_CHARACTERS)}…` : r.raw;
    remember('answer', d.key, { ...r, raw });
  };

  return { result, busy, statusLine, forget, sendNow };
}
