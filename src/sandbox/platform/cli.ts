/**
 * `storefront-kit sandbox [--port N] [--host H] [--data FILE] [--client-id ID] [--api-key KEY]
 * [--member-email E] [--member-password P] [--validate-responses] [--allowed-host H1,H2]
 * [--allowed-origin O1,O2] [--public-url URL] [--token-secret-file FILE] [--log [text|json|off]]
 * [--catalog-version V1_AND_V3|V1_CATALOG|V3_CATALOG] [--cart-v1 available|removed|auto] [--fault RULE ...]
 * [--store demo|empty|catalog-v3|large] [--rate-limit] [--rate-limit-per-minute N] [--strict] [--report-calls]
 * [--webhook-private-key FILE]`;
 * each flag also reads an environment variable (SFK_PORT, SFK_HOST, SFK_DATA, SFK_CLIENT_ID,
 * SFK_API_KEY, SFK_MEMBER_EMAIL, SFK_MEMBER_PASSWORD, SFK_VALIDATE_RESPONSES=1,
 * SFK_ALLOWED_HOSTS, SFK_ALLOWED_ORIGINS, SFK_PUBLIC_URL, SFK_TOKEN_SECRET_FILE, SFK_LOG,
 * SFK_CATALOG_VERSION, SFK_CART_V1). Beyond loopback (`--host 0.0.0.0`) it refuses to start with
 * the default API key. At exit it prints the Cart V1 and Checkout V1 calls the apps made, if any,
 * with their Cart V2 successors.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LOOPBACK_NAMES, serveSandbox, type SandboxServerOptions } from './server.ts';
import type { SandboxComposition } from './module.ts';
import { LOG_FORMATS, type LogFormat } from './request-log.ts';
import { describeRetiredCalls, REMOVAL_DAY } from './retired.ts';
import {
  CART_V1_SETTINGS,
  CATALOG_VERSION_SETTINGS,
  type CartV1Setting,
  type CatalogVersionSetting,
  type SandboxSettings,
} from './types.ts';
import { parseFaultText } from './faults.ts';
import { formatCallReport } from './calls.ts';
import { isStartingStore, STARTING_STORES } from './starting-stores.ts';

export const SANDBOX_FLAGS = {
  port: { type: 'string', env: 'SFK_PORT' },
  host: { type: 'string', env: 'SFK_HOST' },
  data: { type: 'string', env: 'SFK_DATA' },
  /** Comma-separated OAuth client ids the sandbox accepts (an app's own id, so it runs unchanged); default `sandbox-client`. */
  'client-id': { type: 'string', env: 'SFK_CLIENT_ID' },
  'api-key': { type: 'string', env: 'SFK_API_KEY' },
  'member-email': { type: 'string', env: 'SFK_MEMBER_EMAIL' },
  'member-password': { type: 'string', env: 'SFK_MEMBER_PASSWORD' },
  /** Check every 200 answer against the spec's response schema (a mismatch answers 500); tests turn it on. */
  'validate-responses': { type: 'boolean', env: 'SFK_VALIDATE_RESPONSES' },
  /** Comma-separated Host names answered besides 127.0.0.1, localhost and ::1 (DNS rebinding protection). */
  'allowed-host': { type: 'string', env: 'SFK_ALLOWED_HOSTS' },
  /** Comma-separated origins whose browser apps may call the sandbox (CORS), besides http://localhost:* and http://127.0.0.1:*. */
  'allowed-origin': { type: 'string', env: 'SFK_ALLOWED_ORIGINS' },
  /** The URL the links the sandbox writes point at (recovery e-mails, redirect sessions); default http://<host>:<port>. */
  'public-url': { type: 'string', env: 'SFK_PUBLIC_URL' },
  /** The file holding the secret tokens are signed with (kept across restarts); default storefront-kit/token-secret in the user's cache folder. */
  'token-secret-file': { type: 'string', env: 'SFK_TOKEN_SECRET_FILE' },
  /** One line per request: `--log` (text), `--log json`, `--log off`; on by default under `npm start`. */
  log: { type: 'string', env: 'SFK_LOG' },
  /** Which catalog API the site answers (the setting catalogVersion): V1_AND_V3 (default), V1_CATALOG or V3_CATALOG. */
  'catalog-version': { type: 'string', env: 'SFK_CATALOG_VERSION' },
  /** Cart V1 and Checkout V1 (the provider removes them on 2027-02-01): available (default), removed, or auto (removed once the sandbox clock reaches that day). */
  'cart-v1': { type: 'string', env: 'SFK_CART_V1' },
  /**
   * A fault in place from the start (faults.ts), repeatable: `--fault operation=addToCurrentCart,status=503,times=1`;
   * SFK_FAULTS holds several separated by `;`.
   */
  fault: { type: 'string', env: 'SFK_FAULTS', multiple: true },
  /** The starting store a start and a reset make: demo (default), empty, catalog-v3 or large (seed/stores.ts). */
  store: { type: 'string', env: 'SFK_STORE' },
  /** The provider's per-site request rate, 200 a minute (rate-limit.ts): past it, calls answer 429 with Retry-After. */
  'rate-limit': { type: 'boolean', env: 'SFK_RATE_LIMIT' },
  /** Another rate than the provider's (turns the limit on). */
  'rate-limit-per-minute': { type: 'string', env: 'SFK_RATE_LIMIT_PER_MINUTE' },
  /** A call the sandbox does not emulate fails loudly (501 naming it, a line on stderr); the calls are reported at exit. */
  strict: { type: 'boolean', env: 'SFK_STRICT' },
  /** Print the operations called, and which are emulated, at exit (GET /__sandbox/calls any time). */
  'report-calls': { type: 'boolean', env: 'SFK_REPORT_CALLS' },
  /** A file with the RSA private key (PKCS #8 PEM) webhook deliveries are signed with; default a key pair made at start. */
  'webhook-private-key': { type: 'string', env: 'SFK_WEBHOOK_PRIVATE_KEY_FILE' },
} as const;

function readKeyFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`--webhook-private-key ${file} cannot be read: ${(err as Error).message}`);
  }
}

/** `--log` alone means `--log text` (parseArgs has no optional values). */
function withLogValue(args: string[]): string[] {
  return args.flatMap((a, i) =>
    a === '--log' && !(LOG_FORMATS as readonly string[]).includes(args[i + 1] ?? '') ? ['--log=text'] : [a],
  );
}

const list = (v: string | undefined) =>
  v
    ?.split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** `defaults`: what a flag given neither on the command line nor in the environment means (`npm start` logs). */
export function sandboxOptionsFromArgs(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  defaults: { log?: LogFormat } = {},
): SandboxServerOptions & { reportCalls?: boolean } {
  const { values } = parseArgs({
    args: withLogValue(args),
    options: Object.fromEntries(
      Object.entries(SANDBOX_FLAGS).map(([k, v]) => [k, { type: v.type, multiple: 'multiple' in v && v.multiple }]),
    ),
    strict: true,
    allowPositionals: true,
  });
  const get = (k: Exclude<keyof typeof SANDBOX_FLAGS, 'fault'>) => {
    const v = values[k] ?? env[SANDBOX_FLAGS[k].env];
    return typeof v === 'boolean' ? String(v) : (v as string | undefined);
  };
  const store = get('store');
  if (store !== undefined && !isStartingStore(store))
    throw new Error(`--store must be ${STARTING_STORES.join(', ')} (got ${store})`);
  const perMinute = get('rate-limit-per-minute');
  if (perMinute !== undefined && !/^[1-9]\d*$/.test(perMinute))
    throw new Error(`--rate-limit-per-minute must be a whole number of 1 or more (got ${perMinute})`);
  const rateLimit =
    perMinute !== undefined
      ? { requestsPerMinute: Number(perMinute) }
      : ['true', '1'].includes(get('rate-limit') ?? '');
  const webhookKeyFile = get('webhook-private-key');
  const faultTexts = (values.fault as string[] | undefined) ?? env.SFK_FAULTS?.split(';').filter((t) => t.trim());
  const port = get('port');
  if (port !== undefined && !/^\d+$/.test(port)) throw new Error(`--port must be a number (got ${port})`);
  const log = get('log') ?? defaults.log ?? 'off';
  if (!(LOG_FORMATS as readonly string[]).includes(log))
    throw new Error(`--log must be ${LOG_FORMATS.join(', ')} (got ${log})`);
  const catalogVersion = get('catalog-version');
  if (catalogVersion !== undefined && !(CATALOG_VERSION_SETTINGS as readonly string[]).includes(catalogVersion))
    throw new Error(`--catalog-version must be ${CATALOG_VERSION_SETTINGS.join(', ')} (got ${catalogVersion})`);
  const cartV1 = get('cart-v1');
  if (cartV1 !== undefined && !(CART_V1_SETTINGS as readonly string[]).includes(cartV1))
    throw new Error(`--cart-v1 must be ${CART_V1_SETTINGS.join(', ')} (got ${cartV1})`);
  const settings: Partial<SandboxSettings> = {
    ...(catalogVersion ? { catalogVersion: catalogVersion as CatalogVersionSetting } : {}),
    ...(cartV1 ? { cartV1: cartV1 as CartV1Setting } : {}),
  };
  return {
    port: port !== undefined ? Number(port) : 4010,
    host: get('host') ?? '127.0.0.1',
    data: get('data'),
    clientIds: list(get('client-id'))?.length ? list(get('client-id')) : undefined,
    apiKeys: get('api-key') ? [get('api-key')!] : undefined,
    memberEmail: get('member-email'),
    memberPassword: get('member-password'),
    validateResponses: ['true', '1'].includes(get('validate-responses') ?? ''),
    allowedHosts: list(get('allowed-host')),
    allowedOrigins: list(get('allowed-origin')),
    publicUrl: get('public-url'),
    tokenSecretFile: get('token-secret-file'),
    log: log === 'off' ? undefined : (log as LogFormat),
    ...(Object.keys(settings).length ? { settings } : {}),
    ...(faultTexts?.length ? { faults: faultTexts.map(parseFaultText) } : {}),
    ...(store !== undefined ? { store } : {}),
    ...(rateLimit ? { rateLimit } : {}),
    ...(['true', '1'].includes(get('strict') ?? '') ? { strict: true } : {}),
    ...(['true', '1'].includes(get('report-calls') ?? '') ? { reportCalls: true } : {}),
    ...(webhookKeyFile !== undefined ? { webhookPrivateKey: readKeyFile(webhookKeyFile) } : {}),
  };
}

/** How an app built on the provider's official SDK reaches the sandbox at `url`: the three routes, two lines each. */
export function connectHelp(url: string): string[] {
  return [
    `  connect an app built on the official SDK (@wix/sdk), unchanged:`,
    `    Node:     SFK_SANDBOX_URL=${url} node --import storefront-kit/sandbox/register app.js`,
    `              (or NODE_OPTIONS="--import storefront-kit/sandbox/register" with SFK_SANDBOX_URL set)`,
    `    tests:    setupServer(...connect('${url}')) from 'storefront-kit/sandbox/msw' (msw/node),`,
    `              or in process: setupServer(...sandboxHandlers(createSandbox()))`,
    `    browser:  setupWorker(...connect('${url}')).start() in the app's dev build`,
    `              (\`npx msw init public/\` writes the worker file; or sandboxHandlers(createSandbox()) for a sandbox in the page)`,
  ];
}

export function describeStart(
  url: string,
  o: { clientIds: string[]; apiKeys: string[]; memberEmail: string; memberPassword: string; siteId: string },
  data?: string,
): string {
  return [
    `storefront-kit sandbox listening on ${url}`,
    `  client id:        ${o.clientIds.join(', ')}  (OAuth client ids accepted; your app's own: --client-id ID[,ID...])`,
    `  API key:          ${o.apiKeys[0]}  (site id ${o.siteId})`,
    `  demo member:      ${o.memberEmail} / ${o.memberPassword}`,
    `  state:            ${data ? `${data} (durable)` : 'in memory'}`,
    `  control API:      ${url}/__sandbox/info`,
    ...connectHelp(url),
  ].join('\n');
}

/**
 * Starts the sandbox from command-line flags and prints how to reach it; with `staticDir` (the
 * built console: `npx storefront-kit`, `npm start`) it serves the console at the same address.
 * `name` prefixes its error messages (the command the user typed). The command itself, with the
 * built-in modules and seeds, is src/sandbox/start.ts.
 */
export async function startFromArgs(
  composition: SandboxComposition,
  args: string[],
  {
    staticDir,
    name = 'storefront-kit sandbox',
    log,
  }: {
    staticDir?: string;
    name?: string;
    /** The request log's format when no --log or SFK_LOG says. */ log?: LogFormat;
  } = {},
): Promise<void> {
  let options: SandboxServerOptions & { reportCalls?: boolean };
  try {
    options = sandboxOptionsFromArgs(args, process.env, { log });
  } catch (err) {
    console.error(`${name}: ${(err as Error).message}`);
    process.exit(2);
  }
  try {
    const { reportCalls: _, ...serverOptions } = options;
    const s = await serveSandbox(composition, { ...serverOptions, staticDir });
    // Before anything is printed: a Ctrl-C as soon as the address shows still stops it cleanly.
    const stop = () => {
      // What an unchanged app still calls of Cart V1 and Checkout V1 (nothing when it called none).
      for (const line of describeRetiredCalls(s.sandbox.retiredCalls.summary(s.sandbox.settings(), s.sandbox.now())))
        console.log(line);
      // What the apps called, and which calls the sandbox does not emulate (a strict run fails on them).
      const report = s.sandbox.calls.report();
      if (options.strict || options.reportCalls) console.log(formatCallReport(report));
      void s.close().then(() => process.exit(options.strict && report.notEmulated.length ? 1 : 0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    console.log(describeStart(s.url, s.sandbox.options, options.data));
    if (staticDir) console.log(`  console:          ${s.url}/`);
    const cartV1 = s.sandbox.settings().cartV1;
    if (cartV1 !== 'available')
      console.log(
        `  Cart V1:          ${cartV1 === 'removed' ? 'removed' : `removed from ${REMOVAL_DAY} on the sandbox clock`} (V1 cart and checkout calls answer 404, naming their Cart V2 call)`,
      );
    if (!LOOPBACK_NAMES.includes(options.host ?? '127.0.0.1')) {
      // Beyond loopback the control API's reads need the key too (and the default key is refused); the operations answer anyone who reaches the port.
      console.warn(
        `  warning: listening on ${options.host}: anyone who reaches it can call the API as a visitor; /__sandbox/ needs the API key`,
      );
    }
    // Last: the key pair is made on first use (a moment's work), after every line a reader waits for.
    // Webhook deliveries are signed JWTs: an app verifies them with this (AppStrategy({ publicKey })).
    console.log(
      `  webhook public key (deliveries are JWTs signed with its private key; also in /__sandbox/info):\n${await s.sandbox.webhookPublicKey()}`,
    );
  } catch (err) {
    console.error(`${name}: ${(err as Error).message}`);
    process.exit(1);
  }
}
