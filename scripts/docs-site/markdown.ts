/**
 * Markdown of the guides and of the spec's descriptions, as the site renders it: headings get
 * GitHub's anchors (so `client.md#errors` means the same on GitHub and here), relative links
 * to other guides become site links, and inline code that names an operation
 * (`addToCurrentCart`, `members.queryMembers`), a schema (`CartResponse`) or an export of the
 * client (`createClient`) links to its reference: a guide links to the reference by name.
 */
import MarkdownIt from 'markdown-it';
import { escape, rel } from './layout.ts';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens (as test/docs/readme.test.ts reads them). */
export const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

/** Names the reference knows, each the site path (with #anchor) of its page. */
export const names = new Map<string, string>();

/** Which pages link to a reference page by name (site path without #anchor -> the pages): its "In the guides" list. */
export const mentions = new Map<string, Set<string>>();

export interface RenderContext {
  /** The site path of the page being written. */
  page: string;
  /** Resolves a relative link of the source (`client.md#errors`, `../README.md`) to a site path, or undefined when the site has no such page. */
  link?: (href: string) => string | undefined;
}

const md = new MarkdownIt({ html: true, linkify: false });
let context: RenderContext = { page: '' };

md.renderer.rules.code_inline = (tokens, i) => {
  const text = tokens[i].content;
  // `addToCurrentCart`, `currentCart.addToCurrentCart()`, `kit.members.queryMembers(...)`: the name, less the call.
  const target = names.get(text.replace(/^kit\./, '').replace(/\(.*\)$/s, ''));
  const code = `<code>${escape(text)}</code>`;
  if (target) {
    const page = target.split('#')[0];
    if (page !== context.page) mentions.set(page, (mentions.get(page) ?? new Set()).add(context.page));
  }
  return target ? `<a href="${rel(context.page, target)}">${code}</a>` : code;
};

md.renderer.rules.fence = (tokens, i) => {
  const t = tokens[i];
  const lang = t.info.trim().split(/\s+/)[0];
  return `<pre${lang ? ` data-lang="${escape(lang)}"` : ''}><code>${escape(t.content)}</code></pre>\n`;
};

md.core.ruler.push('site', (state) => {
  const seen = new Map<string, number>();
  // Pictures written as HTML (`<img src="docs/screenshots/...">`) are the site's copies too.
  const pictures = (html: string) =>
    html.replace(/ src="([^"]+)"/g, (all, src: string) => {
      const target = /^[a-z]+:/i.test(src) ? undefined : context.link?.(src);
      return target === undefined ? all : ` src="${rel(context.page, target)}"`;
    });
  for (let i = 0; i < state.tokens.length; i++) {
    const t = state.tokens[i];
    if (t.type === 'html_block') t.content = pictures(t.content);
    for (const c of t.children ?? []) if (c.type === 'html_inline') c.content = pictures(c.content);
    if (t.type === 'heading_open') {
      const text = state.tokens[i + 1].children?.map((c) => c.content).join('') ?? '';
      let id = anchor(text);
      const n = seen.get(id) ?? 0;
      seen.set(id, n + 1);
      if (n) id = `${id}-${n}`;
      t.attrSet('id', id);
    }
    for (const c of t.children ?? []) {
      if (c.type === 'link_open') {
        const href = c.attrGet('href') ?? '';
        if (/^[a-z]+:/i.test(href) || href.startsWith('#')) continue;
        const target = context.link?.(href);
        if (target === undefined) {
          // A file of the repository the site does not publish (source, the example app): its path as text.
          c.attrSet('href', '');
          c.attrSet('data-file', href);
        } else c.attrSet('href', rel(context.page, target));
      }
      if (c.type === 'image') {
        const src = c.attrGet('src') ?? '';
        const target = context.link?.(src);
        if (target !== undefined) c.attrSet('src', rel(context.page, target));
      }
    }
  }
});

// A link to a file the site does not publish is rendered as its text, not as a link to nowhere.
const linkOpen = md.renderer.rules.link_open ?? ((tokens, i, o, _e, self) => self.renderToken(tokens, i, o));
const linkClose = md.renderer.rules.link_close ?? ((tokens, i, o, _e, self) => self.renderToken(tokens, i, o));
md.renderer.rules.link_open = (tokens, i, o, e, self) => {
  if (tokens[i].attrGet('data-file') !== null) {
    return `<span title="${escape(tokens[i].attrGet('data-file') ?? '')} in the repository">`;
  }
  return linkOpen(tokens, i, o, e, self);
};
md.renderer.rules.link_close = (tokens, i, o, e, self) => {
  for (let j = i - 1; j >= 0; j--) {
    if (tokens[j].type === 'link_open')
      return tokens[j].attrGet('data-file') !== null ? '</span>' : linkClose(tokens, i, o, e, self);
  }
  return linkClose(tokens, i, o, e, self);
};

export function markdown(text: string, ctx: RenderContext): string {
  context = ctx;
  try {
    return md.render(text);
  } finally {
    context = { page: '' };
  }
}

export function markdownInline(text: string, ctx: RenderContext): string {
  context = ctx;
  try {
    return md.renderInline(text);
  } finally {
    context = { page: '' };
  }
}
