/**
 * Import rules of the project (`npx depcruise src console --config .dependency-cruiser.cjs`, a
 * step of `npm test`): one-way imports (console -> src -> generated), the client apart from
 * the sandbox, the sandbox's platform apart from its domain, its pages presentation only, and the
 * console's layers (app -> features -> blocks -> core, features apart, core without React).
 */

/** The sandbox's platform (request, caller, store, events, persistence, control API, server, CLI). */
const PLATFORM = '^src/sandbox/platform/';
/** The sandbox's domain (money, catalog, cart, checkout, orders, payments, members, identity). */
const DOMAIN = '^src/sandbox/domain/';
/** The sandbox's operations: one thin file per service of openapi/ (and the beyond-spec services). */
const OPERATIONS = '^src/sandbox/operations/';
/**
 * The sandbox's composition root and its entry points: the files at src/sandbox/'s top (modules.ts,
 * create-sandbox.ts, sandbox-server.ts, start.ts, index.ts, msw.ts, register.ts), which hand the
 * platform the built-in modules and seeds.
 */
const COMPOSITION = '^src/sandbox/[^/]+$';
/** The sandbox's seed: the seeded data and its ids. */
const SEED = '^src/sandbox/seed/';
/** The sandbox's hosted pages (login, logout, recovery, redirect, checkout), their HTML helper and their routes. */
const PAGES = '^src/sandbox/pages/';
/**
 * The page templates (pages/*.ts): presentation only. The routes that serve them (pages/routes/:
 * a request -> the domain -> a template's HTML) live beside them, not among the operations, which
 * are one file per service of openapi/.
 */
const PAGE_TEMPLATES = '^src/sandbox/pages/[^/]+$';
const PAGE_ROUTES = '^src/sandbox/pages/routes/';

/** The React layer (storefront-kit/react): over the client's entry points; only its testing entry knows the sandbox. */
const REACT = '^src/react/';
const REACT_TESTING = '^src/react/testing\\.tsx?$';
/**
 * What src/react/ may import from the rest of src/: the client's entry points, and the media
 * helpers the entry re-exports as its `media` namespace (imported by name, so a page bundles only
 * the helpers it uses: a bundler keeps a re-exported namespace whole).
 */
const REACT_CLIENT_ENTRY_POINTS = ['^src/index\\.ts$', '^src/modules\\.ts$', '^src/media/index\\.ts$'];
/** What the React testing entry may import from the sandbox: its entry points. */
const SANDBOX_ENTRY_POINTS = ['^src/sandbox/index\\.ts$'];

/** What console/ may import from src/ (the package's entry points and the console's data). */
const CONSOLE_ENTRY_POINTS = [
  '^src/index\\.ts$',
  '^src/modules\\.ts$',
  '^src/auth/index\\.ts$',
  '^src/console-data\\.ts$',
  '^src/sandbox/index\\.ts$',
  // The console's in-browser sandbox builds one with createSandbox (browser-safe: no server, unlike index.ts).
  '^src/sandbox/create-sandbox\\.ts$',
  // The sandbox's default client id, API key and site id, which the console's forms start from.
  '^src/sandbox/platform/defaults\\.ts$',
];

/** The console's layers (console/src/): core (no React), blocks (React pieces over core), features (one folder each), app. */
const CONSOLE_CORE = '^console/src/core/';
const CONSOLE_BLOCKS = '^console/src/blocks/';
const CONSOLE_FEATURES = '^console/src/features/';
const CONSOLE_APP = '^console/src/app/';
/** React and its router, as node_modules resolves them: what the console's core never imports. */
const REACT_PACKAGES = '^node_modules/(react|react-dom|react-router|@tanstack/react-query)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles in src/ or console/: a cycle makes load order matter and the layers unreadable.',
      from: { path: '^(src|console)/' },
      to: { circular: true },
    },
    {
      name: 'client-not-into-sandbox',
      severity: 'error',
      comment:
        "The client (src/ outside src/sandbox/) ships without the sandbox; the React layer's testing entry (storefront-kit/react/testing) is the one exception.",
      from: { path: '^src/', pathNot: ['^src/sandbox/', REACT_TESTING] },
      to: { path: '^src/sandbox/' },
    },
    {
      name: 'react-testing-through-sandbox-entry-points',
      severity: 'error',
      comment: 'The React testing entry builds its sandbox through the sandbox entry points, as an app would.',
      from: { path: REACT_TESTING },
      to: { path: '^src/sandbox/', pathNot: SANDBOX_ENTRY_POINTS },
    },
    {
      name: 'client-not-into-react',
      severity: 'error',
      comment: 'The client knows nothing of React: src/react/ is a layer over it, never under it.',
      from: { path: '^src/', pathNot: REACT },
      to: { path: REACT },
    },
    {
      name: 'react-through-client-entry-points',
      severity: 'error',
      comment:
        'The React layer uses the client as an app does: through its entry points (src/index.ts, src/modules.ts).',
      from: { path: REACT },
      to: { path: '^src/', pathNot: [REACT, ...REACT_CLIENT_ENTRY_POINTS, '^src/sandbox/'] },
    },
    {
      name: 'src-not-into-console',
      severity: 'error',
      comment: 'Imports point one way: console -> src -> generated.',
      from: { path: '^src/' },
      to: { path: '^console/' },
    },
    {
      name: 'src-not-into-tests-or-scripts',
      severity: 'error',
      comment: 'The runtime never imports tests or build scripts.',
      from: { path: '^(src|generated)/' },
      to: { path: '^(test|scripts)/' },
    },
    {
      name: 'console-through-entry-points',
      severity: 'error',
      comment: 'The console uses src/ through its entry points only.',
      from: { path: '^console/' },
      to: { path: '^src/', pathNot: CONSOLE_ENTRY_POINTS },
    },
    {
      name: 'console-core-without-react',
      severity: 'error',
      comment:
        "The console's core (console/src/core/: state, client, operations, ids, schema, snippets, reducers) is plain TypeScript: no React, and nothing of the layers above it (blocks, features, app), so its helpers are tested without a browser (test/console/).",
      from: { path: CONSOLE_CORE },
      to: { path: [REACT_PACKAGES, CONSOLE_BLOCKS, CONSOLE_FEATURES, CONSOLE_APP] },
    },
    {
      name: 'console-blocks-over-core',
      severity: 'error',
      comment:
        "The console's blocks (console/src/blocks/: the schema form, the state hooks) are React pieces over core: they know no feature and not the app.",
      from: { path: CONSOLE_BLOCKS },
      to: { path: [CONSOLE_FEATURES, CONSOLE_APP] },
    },
    {
      name: 'console-features-apart',
      severity: 'error',
      comment:
        'A console feature (console/src/features/<name>/: operation, flows, history, auth, sandbox) uses core and blocks, never another feature nor the app: what two features share is core (an event such as core/open-auth.ts, a hand-over such as core/replay.ts).',
      from: { path: `${CONSOLE_FEATURES}([^/]+)/` },
      to: { path: [CONSOLE_FEATURES, CONSOLE_APP], pathNot: `${CONSOLE_FEATURES}$1/` },
    },
    {
      name: 'platform-not-into-domain',
      severity: 'error',
      comment:
        'The sandbox platform imports no domain module (src/sandbox/domain/): domain modules meet it through the store and events.',
      from: { path: PLATFORM },
      to: { path: DOMAIN },
    },
    {
      name: 'operations-only-into-the-composition-root',
      severity: 'error',
      comment:
        'An operations file (src/sandbox/operations/, one per service of openapi/) or a page routes file (src/sandbox/pages/routes/) is imported by src/sandbox/modules.ts only: they never import each other (what they share is domain/), and neither the platform, the domain nor a page template knows one.',
      from: { path: '^src/', pathNot: '^src/sandbox/modules\\.ts$' },
      to: { path: [OPERATIONS, PAGE_ROUTES] },
    },
    {
      name: 'platform-and-domain-not-into-seed',
      severity: 'error',
      comment:
        "The seed (src/sandbox/seed/) fills the store through the domain and is seed data only, ids included: the provider's fixed ids are src/provider-ids.ts, the default keys platform/defaults.ts, and what the platform needs of the seed (the starting stores, the default member) the composition root hands it.",
      from: { path: [PLATFORM, DOMAIN] },
      to: { path: SEED },
    },
    {
      name: 'platform-and-domain-not-into-the-composition-root',
      severity: 'error',
      comment:
        'The composition root (src/sandbox/modules.ts) and the entry points beside it build a sandbox from the platform, the operations and the seed: the platform takes what it runs as an argument (SandboxComposition), and neither it nor the domain imports the files that compose it.',
      from: { path: [PLATFORM, DOMAIN] },
      to: { path: COMPOSITION },
    },
    {
      name: 'react-and-console-not-into-seed',
      severity: 'error',
      comment:
        "The React layer and the console take the provider's fixed ids from src/provider-ids.ts and the sandbox's default keys from its entry points, never from the sandbox's seed (the console once took the Stores app id from seed/ids.ts).",
      from: { path: [REACT, '^console/'] },
      to: { path: SEED },
    },
    {
      name: 'pages-render-from-data',
      severity: 'error',
      comment:
        "The hosted pages' templates (src/sandbox/pages/*.ts) are presentation: they render the data the routes (pages/routes/) hand them and import nothing else of the sandbox (no routes, operations, domain, platform or seed).",
      from: { path: PAGE_TEMPLATES },
      to: { path: '^src/sandbox/', pathNot: PAGE_TEMPLATES },
    },
    {
      name: 'platform-and-domain-not-into-pages',
      severity: 'error',
      comment:
        "Pages are served by their routes (pages/routes/, and operations/checkout.ts's checkout page): the platform serves no hosted page (its only HTML is the console's static files) and the domain knows no HTML.",
      from: { path: [PLATFORM, DOMAIN] },
      to: { path: PAGES },
    },
    {
      name: 'examples-through-the-package',
      severity: 'error',
      comment:
        "The example storefront (examples/) imports storefront-kit by its package name, through the package's exports, as a user who installed it does: never the repository's sources by path.",
      from: { path: '^examples/' },
      to: { path: '^(src|generated|console|scripts|test)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The example's build output (examples/storefront/build) is not source. Packages are left out of
    // the graph, but for React's: console-core-without-react needs to see an import of them.
    exclude: {
      path: ['^node_modules/(?!(react|react-dom|react-router|@tanstack/react-query)/)', '^examples/[^/]+/build/'],
    },
    // Type-only imports count: a cycle through types is still a cycle a reader has to untangle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
