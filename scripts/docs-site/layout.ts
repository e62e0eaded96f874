/**
 * The one look of the docs site: every page is `page()` (header with the search box, the side
 * navigation, the content as Pagefind's body), with links relative to the page so the folder
 * works from any host and path. No script, style or font comes from elsewhere.
 */

export const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A site path (`api/members/`) as a link from the page at `from` (`guides/client/`). */
export function rel(from: string, to: string): string {
  const up = from.split('/').filter(Boolean).length;
  const [path, hash] = to.split('#');
  const target = `${'../'.repeat(up)}${path}` || './';
  return hash === undefined ? target : `${target}#${hash}`;
}

export interface NavItem {
  title: string;
  /** Site path, `''` for the home page. */
  path: string;
  children?: NavItem[];
  /** A section whose list shows only on its own pages (the client's 90 exports). */
  collapsed?: boolean;
}

export interface PageInput {
  /** Site path of the page: `''` (home), `api/members/`, `guides/client/`. */
  path: string;
  title: string;
  /** The HTML of the content (inside <main>). */
  body: string;
  nav: NavItem[];
  description?: string;
}

function navHtml(page: string, items: NavItem[]): string {
  return `<ul>${items
    .map((item) => {
      const here = item.path === page;
      const open = here || (item.children && page.startsWith(item.path) && item.path !== '');
      const link = `<a href="${rel(page, item.path)}"${here ? ' aria-current="page"' : ''}>${escape(item.title)}</a>`;
      return `<li>${link}${open && item.children?.length ? navHtml(page, item.children) : ''}</li>`;
    })
    .join('')}</ul>`;
}

export function page(p: PageInput): string {
  const sections = p.nav
    .map(
      (section) =>
        `<h2><a href="${rel(p.path, section.path)}">${escape(section.title)}</a></h2>${section.collapsed && !p.path.startsWith(section.path) ? '' : navHtml(p.path, section.children ?? [])}`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(p.title)} · storefront-kit</title>${p.description ? `<meta name="description" content="${escape(p.description)}">` : ''}
<link rel="stylesheet" href="${rel(p.path, 'assets/site.css')}">
</head><body>
<header class="top"><a class="brand" href="${rel(p.path, '')}">storefront-kit</a>
<div class="search" role="search"><input type="search" id="search" placeholder="Search operations, fields, guides, the client" aria-label="Search the docs" autocomplete="off">
<ol id="search-results" aria-live="polite" hidden></ol></div></header>
<div class="shell"><nav class="side" aria-label="Site">${sections}</nav>
<main data-pagefind-body>
${p.body.replace(/<pre(?=[\s>])/g, '<pre tabindex="0"')}
</main></div>
<script type="module" src="${rel(p.path, 'assets/search.js')}"></script>
</body></html>
`;
}

export const CSS = `:root{color-scheme:light dark;--fg:#1d2330;--muted:#5b6475;--bg:#fff;--panel:#f5f6f8;--line:#dde1e7;--accent:#1f5fd1;--code:#f0f2f5;--req:#c2410c}
@media (prefers-color-scheme:dark){:root{--fg:#e6e8ec;--muted:#a3abb9;--bg:#14171c;--panel:#1b1f26;--line:#2c323c;--accent:#7aa7ff;--code:#20252d;--req:#fdba74}}
*{box-sizing:border-box}body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}code,pre{font:0.9em/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
code{background:var(--code);padding:.1em .3em;border-radius:4px}pre{background:var(--code);padding:.8rem 1rem;overflow:auto;border-radius:6px}pre code{padding:0;background:none}
.top{position:sticky;top:0;z-index:2;display:flex;gap:1.5rem;align-items:center;padding:.6rem 1.2rem;background:var(--panel);border-bottom:1px solid var(--line)}
.brand{font-weight:700;text-decoration:none;color:var(--fg)}.search{position:relative;flex:1;max-width:36rem}
#search{width:100%;padding:.45rem .7rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);font:inherit}
#search-results{position:absolute;left:0;right:0;margin:.3rem 0 0;padding:0;list-style:none;background:var(--bg);border:1px solid var(--line);border-radius:6px;max-height:70vh;overflow:auto;box-shadow:0 8px 24px #0003}
#search-results li{padding:.5rem .8rem;border-bottom:1px solid var(--line)}#search-results li p{margin:.2rem 0 0;color:var(--muted);font-size:.9em}
.shell{display:flex;align-items:flex-start}.side{flex:0 0 17rem;position:sticky;top:3.2rem;max-height:calc(100vh - 3.2rem);overflow:auto;padding:1rem;border-right:1px solid var(--line);font-size:.92em}
.side h2{font-size:.8em;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);margin:1rem 0 .3rem}.side h2 a{color:inherit;text-decoration:none}
.side ul{list-style:none;margin:0;padding-left:.6rem}.side li{margin:.15rem 0;overflow-wrap:anywhere}.side a{text-decoration:none}.side a[aria-current]{font-weight:700}
main{flex:1;min-width:0;max-width:58rem;padding:1rem 2rem 4rem}
table{border-collapse:collapse;width:100%;margin:1rem 0;font-size:.93em}th,td{border-bottom:1px solid var(--line);padding:.35rem .6rem;text-align:left;vertical-align:top}
.method{display:inline-block;min-width:4.2em;font-weight:700;font-family:ui-monospace,monospace}.endpoint{font-size:1.05em}
.meta{color:var(--muted)}.try{display:inline-block;margin:.4rem 0;padding:.4rem .8rem;border:1px solid var(--accent);border-radius:6px;text-decoration:none}
.req{color:var(--req);font-size:.85em}h1 code,h2 code{font-size:.95em}
@media (max-width:800px){.shell{display:block}.side{position:static;max-height:none;border:0}main{padding:1rem}}
`;

/**
 * The search box: Pagefind's own script (pagefind/pagefind.js, from this site) and its index,
 * loaded on the first keystroke; the first results as links with their excerpt.
 */
export const SEARCH_JS = `const input = document.getElementById('search');
const list = document.getElementById('search-results');
const base = new URL('..', import.meta.url).pathname;
let engine;
let asked = 0;
async function search() {
  const query = input.value.trim();
  const mine = ++asked;
  if (!query) { list.hidden = true; list.replaceChildren(); return; }
  engine ??= import(base + 'pagefind/pagefind.js').then(async (pf) => { await pf.options({ baseUrl: base }); return pf; });
  const found = await (await engine).search(query);
  const results = await Promise.all(found.results.slice(0, 8).map((r) => r.data()));
  if (mine !== asked) return;
  list.replaceChildren(...results.map((r) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = r.url;
    a.textContent = r.meta.title;
    const p = document.createElement('p');
    p.innerHTML = r.excerpt;
    li.append(a, p);
    return li;
  }));
  if (!results.length) { const li = document.createElement('li'); li.textContent = 'Nothing found for ' + query; list.append(li); }
  list.hidden = false;
  list.dataset.query = query;
}
input.addEventListener('input', search);
input.addEventListener('keydown', (e) => { if (e.key === 'Escape') { input.value = ''; search(); } });
addEventListener('keydown', (e) => { if (e.key === '/' && document.activeElement !== input) { e.preventDefault(); input.focus(); } });
`;
