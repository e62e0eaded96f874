/** What the caller column means for the current role, in plain words, with the way to get there. */
import type { OperationDescriptor } from '../../../../src/console-data.ts';
import { callerAllows, callerHelp, callerName } from '../../core/caller.ts';
import { openAuth } from '../../core/open-auth.ts';

export function CallerNote({ d, role }: { d: OperationDescriptor; role: string }) {
  if (callerAllows(d, role)) return <span className="caller ok">caller: {callerName(d)}</span>;
  const { says, part, action } = callerHelp(d);
  return (
    <span className="caller-note" data-testid="caller-note">
      {says}{' '}
      <button type="button" onClick={() => openAuth(part)}>
        {action}
      </button>
    </span>
  );
}
