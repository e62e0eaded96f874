/**
 * Where and who the console calls as: the environment (this console's sandbox, a running
 * sandbox at a URL, the provider with a client id), the role and token expiry, visitor tokens, member login (hosted page with PKCE, or direct
 * with e-mail and password), register, logout, and an API key for elevated calls.
 */
import { useEffect, useState } from 'react';
import { LoginState, type StateMachine } from '../../../../src/auth/index.ts';
import { finishAuthentication, oauthStrategy } from '../../core/client.ts';
import {
  apiHost,
  currentRole,
  getState,
  isSandbox,
  SANDBOX_IN_BROWSER,
  setState,
  targetLabel,
} from '../../core/state.ts';
import { useConsoleState } from '../../blocks/console-state.ts';
import { OPEN_AUTH_EVENT } from '../../core/open-auth.ts';
import { EnvironmentPicker } from './environment-picker.tsx';

export function AuthPanel() {
  const state = useConsoleState();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState('');
  /** The sandbox's own API key when it differs from the one in use: used only when the user says so. */
  const [offeredKey, setOfferedKey] = useState<string>();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [machine, setMachine] = useState<StateMachine | undefined>();
  const role = currentRole(state);

  // Other parts of the console open the panel at the part that fixes their problem (core/open-auth.ts openAuth).
  useEffect(() => {
    const show = (e: Event) => {
      const part = (e as CustomEvent<string>).detail;
      setOpen(true);
      requestAnimationFrame(() => {
        const box = document.getElementById(`auth-${part}`);
        box?.scrollIntoView({ block: 'nearest' });
        box?.querySelector<HTMLElement>('[data-auth-primary]')?.focus();
      });
    };
    addEventListener(OPEN_AUTH_EVENT, show);
    return () => removeEventListener(OPEN_AUTH_EVENT, show);
  }, []);

  // A sandbox says its client id, API key and demo member.
  const host = apiHost(state);
  useEffect(() => {
    if (!isSandbox(getState())) return;
    // An answer that comes after the environment changed is not this environment's: it would
    // put a sandbox's client id over the one the user typed for the provider.
    let current = true;
    fetch(`${host}/__sandbox/info`)
      .then((r) => (r.ok ? r.json() : undefined))
      .then((info) => {
        if (!info || !current) return;
        // The API key is never changed by a switch of environment: a different one is offered.
        setState({ clientId: info.clientId, siteId: info.siteId });
        setOfferedKey(typeof info.apiKey === 'string' && info.apiKey !== getState().apiKey ? info.apiKey : undefined);
        setEmail((e) => e || info.demoMember.email);
        setPassword((p) => p || info.demoMember.password);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [host]);

  const run = async (label: string, fn: () => Promise<string | void>) => {
    setMessage(`${label}…`);
    try {
      setMessage((await fn()) || `${label}: done`);
    } catch (err) {
      setMessage(`${label} failed: ${(err as Error).message}`);
    }
  };

  /** Login, register and verify: the state they reach is shown, a SUCCESS becomes member tokens. */
  const authenticate = (label: string, step: () => Promise<StateMachine>) =>
    run(label, async () => {
      const next = await step();
      setMachine(next);
      return finishAuthentication(label, next);
    });

  const expiry = state.tokens ? new Date(state.tokens.accessToken.expiresAt * 1000).toLocaleTimeString() : '—';

  return (
    <section className="auth-panel" aria-label="Authentication">
      <div className="auth-summary">
        <EnvironmentPicker state={state} /> <span>Calls go to</span>{' '}
        <span data-testid="target">{targetLabel(state)}</span> · <strong>Role:</strong>{' '}
        <span data-testid="auth-role">{role}</span>
        {role === 'none' ? ' (a visitor token comes with the first call)' : ''} · <strong>Token expires:</strong>{' '}
        {expiry}
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Authentication…'}
        </button>
        <span className="auth-message" role="status">
          {message}
        </span>
        {offeredKey !== undefined ? (
          <span className="auth-offer" data-testid="api-key-offer">
            This sandbox's API key differs from the one in use.{' '}
            <button
              type="button"
              onClick={() => {
                setState({ apiKey: offeredKey });
                setOfferedKey(undefined);
              }}
            >
              Use this sandbox's API key
            </button>
          </span>
        ) : null}
      </div>
      {open ? (
        <div className="auth-body">
          <fieldset id="auth-member">
            <legend>Visitor and member</legend>
            <button
              type="button"
              onClick={() => run('Visitor tokens', async () => void (await oauthStrategy().generateVisitorTokens()))}
            >
              Get visitor tokens
            </button>
            <button
              type="button"
              disabled={SANDBOX_IN_BROWSER}
              aria-describedby={SANDBOX_IN_BROWSER ? 'hosted-login-hint' : undefined}
              onClick={() =>
                run('Hosted login', async () => {
                  const oauth = oauthStrategy();
                  const data = await oauth.generateOAuthData(`${location.origin}/callback`, location.pathname);
                  sessionStorage.setItem('sfk-oauth', JSON.stringify(data));
                  const { authUrl } = await oauth.getAuthUrl(data, { prompt: 'login', responseMode: 'query' });
                  location.assign(authUrl);
                })
              }
            >
              Log in on the hosted page (PKCE)
            </button>
            {SANDBOX_IN_BROWSER ? (
              <span id="hosted-login-hint" className="hint">
                The hosted login page is a page load, which the in-browser sandbox cannot answer: use `npm start` for
                it, or log in directly.
              </span>
            ) : null}
            <label>
              E-mail{' '}
              <input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
            </label>
            <label>
              Password{' '}
              <input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
            <button
              type="button"
              data-auth-primary
              onClick={() => authenticate('Login', () => oauthStrategy().login({ email, password }))}
            >
              Log in directly
            </button>
            <button
              type="button"
              onClick={() => authenticate('Register', () => oauthStrategy().register({ email, password }))}
            >
              Register
            </button>
            {machine?.loginState === LoginState.EMAIL_VERIFICATION_REQUIRED ? (
              <>
                <label>
                  Verification code{' '}
                  <input
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                  />
                </label>
                <button
                  type="button"
                  onClick={() =>
                    authenticate('Verify', () =>
                      oauthStrategy().processVerification({ verificationCode: code }, machine),
                    )
                  }
                >
                  Verify
                </button>
              </>
            ) : null}
            <button
              type="button"
              onClick={() =>
                run('Logout', async () => {
                  const { logoutUrl } = await oauthStrategy().logout(location.href);
                  setState({ tokens: undefined });
                  setMachine(undefined);
                  return `Logged out (provider logout URL: ${logoutUrl})`;
                })
              }
            >
              Log out
            </button>
          </fieldset>
          <fieldset id="auth-elevated">
            <legend>Elevated (API key)</legend>
            <label>
              API key <input value={state.apiKey} onChange={(e) => setState({ apiKey: e.target.value })} />
            </label>
            <label>
              Site id <input value={state.siteId} onChange={(e) => setState({ siteId: e.target.value })} />
            </label>
            <label>
              <input
                type="checkbox"
                data-auth-primary
                checked={state.useApiKey}
                onChange={(e) => setState({ useApiKey: e.target.checked })}
              />{' '}
              Call as elevated (use the API key)
            </label>
          </fieldset>
          <p className="hint">Calls go to {apiHost(getState())}.</p>
        </div>
      ) : null}
    </section>
  );
}
