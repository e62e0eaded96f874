/**
 * The hidden-frame step of a direct login: load the redirect session's URL (response mode
 * web_message, prompt none) in an invisible iframe and wait for the page to post back
 * `{code, state}` or `{error, error_description}`. Injectable, so other runtimes (and tests)
 * can drive it.
 */
import { ClientError } from '../errors/client-error.ts';
import { OAUTH_TIMED_OUT } from '../errors/messages.ts';

/** How long to wait for the frame's message: 2 minutes, as the provider's SDK does. */
export const DIRECT_LOGIN_TIMEOUT_MS = 120_000;

export interface FrameMessage {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** Opens `url` and resolves with the first message whose `state` matches (or an error message). */
export type FrameDriver = (url: string, state: string) => { message: Promise<FrameMessage>; close(): void };

export const browserFrame: FrameDriver = (url, state) => {
  const doc = (globalThis as { document?: Document }).document;
  if (!doc) throw new ClientError('Direct login needs a browser document (or a `frame` driver option)');
  const frame = doc.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  frame.src = url;
  const origin = new URL(url).origin;
  let listener: (e: MessageEvent) => void = () => undefined;
  const message = new Promise<FrameMessage>((resolve) => {
    listener = (e: MessageEvent) => {
      if (e.origin !== origin || !e.data || typeof e.data !== 'object') return;
      const data = e.data as FrameMessage;
      if (data.state === state || data.error) resolve(data);
    };
    globalThis.addEventListener('message', listener);
  });
  doc.body.appendChild(frame);
  return {
    message,
    close() {
      globalThis.removeEventListener('message', listener);
      frame.remove();
    },
  };
};

export async function waitForFrame(
  driver: FrameDriver,
  url: string,
  state: string,
  timeoutMs = DIRECT_LOGIN_TIMEOUT_MS,
): Promise<FrameMessage> {
  const { message, close } = driver(url, state);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ClientError(OAUTH_TIMED_OUT)), timeoutMs);
  });
  try {
    return await Promise.race([message, timeout]);
  } finally {
    clearTimeout(timer);
    close();
  }
}
