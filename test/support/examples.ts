/**
 * Every operation's request example as the spec gives it: path parameters (from the body's
 * example or the parameter's own example), query parameters and the JSON body. The console's
 * "Fill with example" and the example tests read the same places.
 */
import { operationList, specs, type OperationDescriptor } from '../../src/console-data.ts';

type Node = Record<string, any>;

function deref(service: string, node: Node | undefined): Node {
  let s: any = node ?? {};
  for (let guard = 0; s && typeof s.$ref === 'string' && guard < 20; guard++) {
    s = s.$ref
      .slice(2)
      .split('/')
      .reduce((n: any, part: string) => n?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], specs[service]);
  }
  return s ?? {};
}

export interface ExampleRequest {
  d: OperationDescriptor;
  /** Path values in the path's order. */
  pathValues: string[];
  /** Query parameters and body fields, as one options object (what the module function takes). */
  options: Record<string, unknown>;
  /** The body example alone (undefined when the operation takes none). */
  body?: Record<string, unknown>;
  /** Query parameter examples alone. */
  query: Record<string, unknown>;
}

export function exampleRequest(d: OperationDescriptor): ExampleRequest {
  const op = (specs[d.service] as any).paths[d.path][d.method.toLowerCase()] as Node;
  const media = deref(d.service, op.requestBody).content?.['application/json'];
  const rawBody = media
    ? (media.example ?? (Object.values(media.examples ?? {})[0] as Node | undefined)?.value)
    : undefined;
  const body = rawBody === undefined ? undefined : (structuredClone(rawBody) as Record<string, any>);
  const params = ((op.parameters ?? []) as Node[]).map((p) => deref(d.service, p));
  const paramExample = (p: Node) =>
    p.example ?? p.schema?.example ?? (Object.values(p.examples ?? {})[0] as Node | undefined)?.value;
  const pathValues = d.pathParams.map((p) => {
    const fromBody = p.body ? p.body.reduce<any>((n, k) => n?.[k], body) : body?.[p.name];
    const declared = params.find((x) => x.in === 'path' && x.name === p.name);
    return String(fromBody ?? (declared && paramExample(declared)) ?? '');
  });
  const query: Record<string, unknown> = {};
  for (const p of params) {
    if (p.in !== 'query' || d.pathParams.some((x) => x.name === p.name)) continue;
    const v = paramExample(p);
    if (v !== undefined) query[p.name] = v;
  }
  const options = { ...query, ...(body ?? {}) };
  for (const p of d.pathParams) if (!p.body) delete options[p.name];
  return { d, pathValues, options, body, query };
}

export const exampleRequests = (): ExampleRequest[] => operationList.map(exampleRequest);
