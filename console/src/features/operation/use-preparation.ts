/**
 * "Run this first" on an operation's page: what the operation needs is looked for in the
 * sandbox (read-only) when the page opens, after each answer and when the caller changes; what
 * is there fills the empty fields, and the rest runs when asked.
 */
import { useEffect, useRef, useState } from 'react';
import type { OperationDescriptor } from '../../../../src/console-data.ts';
import type { CallResult } from '../../core/client.ts';
import { planPreparation, runPreparation, type Plan } from '../../core/preparation.ts';
import type { Carried } from '../../core/request-form.ts';
import { PREPARATIONS } from './preparation/table.ts';

export function usePreparation(
  d: OperationDescriptor,
  role: string,
  result: CallResult | undefined,
  /** Puts what a preparation carried into the form; `onlyEmpty` leaves what the user typed. */
  applyCarried: (carried: Carried, onlyEmpty: boolean) => void,
) {
  const [prepared, setPrepared] = useState('');
  const [plan, setPlan] = useState<Plan>();
  const preparing = useRef(false);
  const preparation = PREPARATIONS[d.key];
  // Once run, it stays with its outcome (a member preparation makes the role one that would not be offered it).
  const offered = !!preparation && (!!prepared || (preparation.offeredTo?.(role) ?? true));

  useEffect(() => {
    if (!offered || !preparation || preparing.current) return;
    let live = true;
    setPlan(undefined);
    planPreparation(preparation).then(
      (found) => {
        if (!live) return;
        setPlan(found);
        if (!found.missing.length) applyCarried(preparation.fill(found.values), true);
      },
      () => live && setPlan({ present: [], missing: preparation.stages, values: {} }),
    );
    return () => {
      live = false;
    };
  }, [d.key, offered, role, result]);

  const run = async () => {
    if (!preparation || !plan) return;
    preparing.current = true;
    try {
      const carried = await runPreparation(preparation, plan, setPrepared);
      applyCarried(carried, false);
      setPlan({ present: [], missing: [], values: {} });
      setPrepared(
        `Ready: ${plan.missing.map((s) => s.needs).join(', then ')} made${carried.path || carried.options ? '; the form has the values they answered' : ''}.`,
      );
    } catch (err) {
      setPrepared(`The preparation stopped: ${(err as Error).message}`);
    } finally {
      preparing.current = false;
    }
  };

  return { offered, why: preparation?.why ?? '', plan, prepared, run };
}
