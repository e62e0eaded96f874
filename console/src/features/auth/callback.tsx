/** The OAuth redirect target: exchanges the code (PKCE, state checked) for member tokens. */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { oauthStrategy } from '../../core/client.ts';

export default function Callback() {
  const navigate = useNavigate();
  const [message, setMessage] = useState('Completing login…');
  useEffect(() => {
    const raw = sessionStorage.getItem('sfk-oauth');
    if (!raw) {
      setMessage('No login in progress (the PKCE data is missing).');
      return;
    }
    const data = JSON.parse(raw);
    const oauth = oauthStrategy();
    const { code, state, error, errorDescription } = oauth.parseFromUrl(location.href, 'query');
    if (error) {
      setMessage(`Login failed: ${error} ${errorDescription ?? ''}`);
      return;
    }
    oauth
      .getMemberTokens(code, state, data)
      .then((tokens: unknown) => {
        oauth.setTokens(tokens as never);
        sessionStorage.removeItem('sfk-oauth');
        navigate(data.originalUri || '/', { replace: true });
      })
      .catch((err: Error) => setMessage(`Login failed: ${err.message}`));
  }, [navigate]);
  return <p role="status">{message}</p>;
}
