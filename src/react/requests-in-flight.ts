/**
 * For tests: counts a fetch's requests on their way, so a test waits until each has its answer
 * and React has rendered what it brought. act() alone does not: it flushes the work React has
 * queued and returns, and an answer that settles a turn of the event loop later (the sandbox
 * signs and checks its tokens with Web Crypto, whose promises settle from Node's thread pool)
 * arrives after it.
 */
import { act } from 'react';

export interface RequestsInFlight {
  /** Counts `answer` on its way until it settles. */
  track<T>(answer: Promise<T>): Promise<T>;
  /** Resolves, inside act, once no request is on its way and React has rendered their answers. */
  settled(): Promise<void>;
}

export function requestsInFlight(): RequestsInFlight {
  let count = 0;
  let waiting: (() => void)[] = [];
  const answered = () => {
    if (--count > 0) return;
    const wake = waiting;
    waiting = [];
    for (const resolve of wake) resolve();
  };
  return {
    track(answer) {
      count++;
      return answer.finally(answered);
    },
    async settled() {
      // Rendering an answer may send more requests (an effect reads again): wait for those too.
      do await act(() => (count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))));
      while (count > 0);
    },
  };
}
