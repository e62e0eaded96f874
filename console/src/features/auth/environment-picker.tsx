/** The one place the environment is chosen: this console's sandbox, a running sandbox at a URL, or the provider. */
import { DEFAULT_CLIENT_ID } from '../../../../src/sandbox/platform/defaults.ts';
import { SANDBOX_IN_BROWSER, setState, type ConsoleState } from '../../core/state.ts';

type Target = ConsoleState['target'];

/** The environments, each with what choosing it starts from (a host to fill in where there is one). */
const ENVIRONMENTS: { kind: Target['kind']; label: string; start: (s: ConsoleState) => Target }[] = [
  {
    kind: 'sandbox',
    label: SANDBOX_IN_BROWSER ? 'The sandbox in this page' : "This console's sandbox",
    start: () => ({ kind: 'sandbox' }),
  },
  {
    kind: 'sandbox-url',
    label: 'A running sandbox at a URL',
    start: () => ({ kind: 'sandbox-url', host: 'http://127.0.0.1:4010' }),
  },
  {
    kind: 'remote',
    label: 'The provider (or another host) with a client id',
    start: (s) => ({ kind: 'remote', host: 'https://www.wixapis.com', clientId: s.clientId }),
  },
];

/** The one place the environment is chosen (kept across reloads with the console's state). */
export function EnvironmentPicker({ state }: { state: ConsoleState }) {
  const t = state.target;
  const setHost = (host: string) =>
    setState({ target: t.kind === 'remote' ? { ...t, host } : { kind: 'sandbox-url', host }, tokens: undefined });
  return (
    <span className="environment">
      <label>
        <strong>Environment</strong>{' '}
        <select
          data-testid="environment"
          value={t.kind}
          onChange={(e) => {
            const env = ENVIRONMENTS.find((x) => x.kind === e.target.value)!;
            // A sandbox's own client id; the provider keeps the one the user gave.
            setState({
              target: env.start(state),
              tokens: undefined,
              ...(env.kind === 'sandbox-url' ? { clientId: DEFAULT_CLIENT_ID } : {}),
            });
          }}
        >
          {ENVIRONMENTS.map((x) => (
            <option key={x.kind} value={x.kind}>
              {x.label}
            </option>
          ))}
        </select>
      </label>
      {t.kind !== 'sandbox' ? (
        <label>
          {t.kind === 'remote' ? 'Host' : 'Sandbox URL'}{' '}
          <input type="url" value={t.host} onChange={(e) => setHost(e.target.value)} />
        </label>
      ) : null}
      {t.kind === 'remote' ? (
        <label>
          Client id{' '}
          <input
            value={state.clientId}
            onChange={(e) =>
              setState({ clientId: e.target.value, target: { ...t, clientId: e.target.value }, tokens: undefined })
            }
          />
        </label>
      ) : null}
    </span>
  );
}
