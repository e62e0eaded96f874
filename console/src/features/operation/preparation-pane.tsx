/**
 * "Run this first": what the operation needs, what the sandbox has of it already, and what
 * running the rest will change, said before the button that changes it.
 */
import type { Plan } from '../../core/preparation.ts';

export function PreparationPane({
  why,
  plan,
  prepared,
  run,
}: {
  why: string;
  plan: Plan | undefined;
  prepared: string;
  run: () => Promise<void>;
}) {
  const present = plan?.present.length ? <>Already there: {plan.present.map((p) => p.said).join(', ')}. </> : null;
  return (
    <div className="prepare" data-testid="prepare" aria-busy={!plan}>
      {!plan ? (
        <p>Looking at the sandbox for what this needs…</p>
      ) : !plan.missing.length ? (
        <p>
          <strong>Nothing to run first.</strong> {prepared ? null : present}
        </p>
      ) : (
        <>
          <p>
            <strong>Run this first.</strong> {why} {present}Missing: {plan.missing.map((s) => s.needs).join(', then ')}.
            Running it {plan.missing.map((s) => s.changes).join('; then ')}, and fills this form with what they answer.
          </p>
          <button type="button" onClick={() => void run()}>
            Run this first
          </button>{' '}
        </>
      )}
      <span role="status" data-testid="prepared">
        {prepared}
      </span>
    </div>
  );
}
