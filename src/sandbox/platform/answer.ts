/**
 * A JSON answer as the sandbox builds it: status, headers and the text. `handle` turns it into a
 * web Response; the Node server writes it as it is (one write, with a Content-Length).
 */
export class JsonAnswer {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly text: string,
  ) {}

  toResponse(): Response {
    return new Response(this.text, { status: this.status, headers: this.headers });
  }
}

/** What the sandbox answers: its own JSON, or a Response (hosted pages, the control API, redirects). */
export type Answer = JsonAnswer | Response;
