/**
 * The call a form holds, as code a user pastes and runs: TypeScript with the client, curl and
 * fetch, against the console's host with its credentials. Pure text from the operation, the
 * values and the credentials (test/spec/ts-snippets.test.ts type-checks and runs every one).
 */
import type { OperationDescriptor } from '../../../src/console-data.ts';

/** The request the client would send (client.ts previewRequest), Authorization left out. */
export interface PreviewedRequest {
  method: string;
  url: string;
  body?: string;
  headers: [string, string][];
}

export interface Credentials {
  host: string;
  clientId: string;
  elevated: boolean;
  apiKey: string;
  siteId: string;
  /** A current access token, when the console holds one. */
  accessToken?: string;
}

const shq = (v: string) => `'${v.replace(/'/g, "'\\''")}'`;

/** A client in generated code: its variable and whether it calls with the API key (else as a visitor, OAuth). */
export interface ClientVar {
  name: string;
  elevated: boolean;
}

/** The TypeScript expressions generated code takes its host and credentials from (literals, or a sandbox's fields). */
export interface CredentialCode {
  host: string;
  clientId: string;
  apiKey: string;
  siteId: string;
}

/** Literal credentials as code. */
export const credentialCode = (c: Credentials): CredentialCode => ({
  host: JSON.stringify(c.host),
  clientId: JSON.stringify(c.clientId),
  apiKey: JSON.stringify(c.apiKey),
  siteId: JSON.stringify(c.siteId),
});

/** The import line, a blank line, then one `createClient` per client with these modules. */
export function clientSetup(modules: string[], clients: ClientVar[], x: CredentialCode): string {
  const strategies = [...new Set(clients.map((k) => (k.elevated ? 'ApiKeyStrategy' : 'OAuthStrategy')))];
  const made = clients.map((k) => {
    const auth = k.elevated
      ? `ApiKeyStrategy({ apiKey: ${x.apiKey}, siteId: ${x.siteId} })`
      : `OAuthStrategy({ clientId: ${x.clientId} })`;
    return `const ${k.name} = createClient({ modules: { ${modules.join(', ')} }, auth: ${auth}, host: ${x.host} });`;
  });
  return `import { createClient, ${[...strategies, ...modules].join(', ')} } from 'storefront-kit';\n\n${made.join('\n')}`;
}

/** One call of an operation on a client, its arguments already code. */
export const callText = (d: OperationDescriptor, args: string[], client = 'kit') =>
  `${client}.${d.module}.${d.operationId}(${args.join(', ')})`;

/**
 * The same call as TypeScript using the client, with the real host and credentials. A query
 * operation called with no options returns a query builder, so the snippet runs it (`find()`)
 * and prints the page's items.
 */
export function tsSnippet(d: OperationDescriptor, pathValues: string[], options: unknown, c: Credentials): string {
  const hasOptions = !!options && Object.keys(options as object).length > 0;
  const builder = !!d.builder && !hasOptions && pathValues.length === 0;
  // A body operation's options argument is not optional: an empty form is `{}`, not nothing.
  const args = [
    ...pathValues.map((v) => JSON.stringify(v)),
    ...(hasOptions || (d.body && !builder) ? [JSON.stringify(options ?? {}, null, 2)] : []),
  ];
  const call = callText(d, args);
  const [run, print] = builder
    ? [`const page = await ${call}.find();`, 'console.log(page.items);']
    : [`const result = await ${call};`, 'console.log(result);'];
  return `${clientSetup([d.module], [{ name: 'kit', elevated: c.elevated }], credentialCode(c))}
${run}
${print}`;
}

/** Indents every line after the first of a multi-line value placed at `pad`. */
const indent = (text: string, pad: string) => text.replace(/\n/g, `\n${pad}`);

/** How a snippet gets its Authorization value: the API key, the console's token, or a new visitor token. */
function authorization(c: Credentials): { header: string; curlSetup?: string; fetchSetup?: string } {
  if (c.elevated) return { header: c.apiKey };
  if (c.accessToken) return { header: c.accessToken };
  const body = JSON.stringify({ clientId: c.clientId, grantType: 'anonymous' });
  return {
    header: '$TOKEN',
    curlSetup: `TOKEN=$(curl -s -X POST ${shq(`${c.host}/oauth2/token`)} -H 'Content-Type: application/json' --data ${shq(body)} | sed -n 's/.*"access_token" *: *"\\([^"]*\\)".*/\\1/p')`,
    fetchSetup: [
      'const { access_token: TOKEN } = await (',
      `  await fetch(${JSON.stringify(`${c.host}/oauth2/token`)}, {`,
      '    method: "POST",',
      '    headers: { "Content-Type": "application/json" },',
      `    body: JSON.stringify(${body}),`,
      '  })',
      ').json();',
    ].join('\n'),
  };
}

/** The same call as curl, runnable as pasted (a visitor token is fetched first when the console has none). */
export function curlSnippet(req: PreviewedRequest, c: Credentials): string {
  const auth = authorization(c);
  const headers = [
    ...(c.elevated ? [['wix-site-id', c.siteId] as [string, string]] : []),
    ...req.headers.filter(([k]) => k !== 'wix-site-id'),
  ];
  const parts = [
    `curl -X ${req.method} ${shq(req.url)}`,
    auth.header === '$TOKEN' ? `  -H "Authorization: $TOKEN"` : `  -H ${shq(`Authorization: ${auth.header}`)}`,
  ];
  for (const [k, v] of headers) parts.push(`  -H ${shq(`${k}: ${v}`)}`);
  if (req.body !== undefined) parts.push(`  --data ${shq(req.body)}`);
  return [auth.curlSetup, parts.join(' \\\n')].filter(Boolean).join('\n');
}

/** The same call with fetch (a module or the browser's console: top-level await), indented as code. */
export function fetchSnippet(req: PreviewedRequest, c: Credentials): string {
  const auth = authorization(c);
  const headers: Record<string, string> = { Authorization: auth.header === '$TOKEN' ? '${TOKEN}' : auth.header };
  if (c.elevated) headers['wix-site-id'] = c.siteId;
  for (const [k, v] of req.headers) if (k !== 'wix-site-id') headers[k] = v;
  const headerText = JSON.stringify(headers, null, 2).replace('"${TOKEN}"', 'TOKEN');
  // The body laid out as JSON when that says the same (else as the client sent it).
  let body = req.body;
  try {
    if (body !== undefined && JSON.stringify(JSON.parse(body)) === body)
      body = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // not JSON: as sent
  }
  const init = [
    `method: ${JSON.stringify(req.method)}`,
    `headers: ${indent(headerText, '  ')}`,
    ...(body !== undefined ? [`body: JSON.stringify(${indent(body, '  ')})`] : []),
  ];
  return [
    auth.fetchSetup,
    `const res = await fetch(${JSON.stringify(req.url)}, {\n${init.map((l) => `  ${l},`).join('\n')}\n});`,
    'console.log(res.status, await res.json());',
  ]
    .filter(Boolean)
    .join('\n');
}
