/**
 * The sandbox as msw request handlers: the same handler in Node tests (`setupServer`) and in
 * the browser's service worker (`setupWorker`). Requests to `origin` (default: the provider's
 * API host) are answered by the sandbox; everything else passes through.
 */
import { http, type RequestHandler } from 'msw';
import type { Sandbox } from './platform/sandbox.ts';

export function sandboxHandlers(sandbox: Sandbox, origin = 'https://www.wixapis.com'): RequestHandler[] {
  const base = origin.replace(/\/+$/, '');
  return [http.all(`${base}/*`, ({ request }) => sandbox.handle(request))];
}
