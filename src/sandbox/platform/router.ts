/**
 * Routes a method and path to an operation of the table. Literal segments win over parameters
 * (`/members/v1/members/my` before `/members/v1/members/{id}`). Besides each operation's own
 * method, the forms the official SDK sends are accepted: GET with `.r` for the POST query
 * operations, and POST for a GET with a POST fallback.
 */
import type { OperationDescriptor } from '../../../generated/runtime-types.ts';
import { appError } from './errors.ts';

interface Route {
  d: OperationDescriptor;
  regex: RegExp;
  names: string[];
  literalScore: number;
}

export interface RouteMatch {
  d: OperationDescriptor;
  params: Record<string, string>;
  /** The request came in the alternate form (GET `.r` for a POST, POST for a GET). */
  alternate: boolean;
}

/** A path parameter's text; broken percent-encoding (`%E0%A4%A`) is the caller's error, not a crash. */
function decodePathValue(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw appError(400, 'INVALID_ARGUMENT', `Path parameter ${name} is not valid percent-encoded text`, {
      parameter: name,
    });
  }
}

export class Router {
  private routes: Route[];
  /** For a path that is some route's literal path: that path's routes, then every parameterised one (the order `routes` has). */
  private byLiteralPath = new Map<string, Route[]>();
  /** Routes with path parameters, most specific first. */
  private parameterised: Route[];

  constructor(operations: readonly OperationDescriptor[]) {
    this.routes = operations
      .map((d) => {
        const names: string[] = [];
        // A segment splits into literal text and `{name}` parameters (odd parts): each part is
        // read once, by a split on a pattern that cannot backtrack.
        const pattern = d.path
          .split('/')
          .map((seg) =>
            seg
              .split(/(\{[^{}]*\})/)
              .map((part, i) => {
                if (i % 2) {
                  names.push(part.slice(1, -1));
                  return '([^/]+)';
                }
                return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
              })
              .join(''),
          )
          .join('/');
        const literalScore = d.path.split('/').filter((s) => s && !s.includes('{')).length;
        return { d, regex: new RegExp(`^${pattern}$`), names, literalScore };
      })
      .sort(
        (a, b) =>
          a.names.length - b.names.length || b.literalScore - a.literalScore || a.d.path.localeCompare(b.d.path),
      );
    this.parameterised = this.routes.filter((r) => r.names.length > 0);
    for (const r of this.routes) {
      if (r.names.length === 0 && !this.byLiteralPath.has(r.d.path)) {
        this.byLiteralPath.set(r.d.path, [...this.routes.filter((o) => o.d.path === r.d.path), ...this.parameterised]);
      }
    }
  }

  match(method: string, path: string): RouteMatch | undefined {
    // Most specific path first; on one path, the operation's own method before an alternate form
    // (POST /members/v1/members is createMember, not listMembers' POST fallback).
    // Literal paths sort before every parameterised one, so no other literal route can match a
    // path that is one's own: look it up instead of running every literal route's regex.
    const candidates = this.byLiteralPath.get(path) ?? this.parameterised;
    let alternate: RouteMatch | undefined;
    let alternatePath: string | undefined;
    for (const r of candidates) {
      if (alternate && r.d.path !== alternatePath) return alternate;
      const m = r.regex.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      r.names.forEach((n, i) => (params[n] = decodePathValue(n, m[i + 1])));
      if (r.d.method === method) return { d: r.d, params, alternate: false };
      if (
        !alternate &&
        ((method === 'GET' && r.d.dotR && r.d.method === 'POST') || (method === 'POST' && r.d.postFallback))
      ) {
        alternate = { d: r.d, params, alternate: true };
        alternatePath = r.d.path;
      }
    }
    return alternate;
  }

  /** Whether any operation lives at this path (for 405-style answers). */
  knows(path: string): boolean {
    return this.routes.some((r) => r.regex.test(path));
  }
}
