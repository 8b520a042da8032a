import { type HeadTag, MEMBER_HINT_COOKIE } from '@playquid/contracts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text or attribute value made inert in HTML (values come from admins' posts and partner offers). */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` as \u escapes so no value can
 * close the script element or open a comment; U+2028/9 for old parsers.
 */
export const jsonForScript = (json: unknown): string =>
  JSON.stringify(json).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const attributes = (attrs: Record<string, string>) =>
  Object.entries(attrs)
    .filter(([name]) => /^[a-z:-]+$/i.test(name))
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');

/** The tags as HTML, one a line, each marked data-seo so the client replaces exactly these on navigation. */
export function renderHeadTags(tags: readonly HeadTag[]): string {
  return tags
    .map((tag) => {
      switch (tag.tag) {
        case 'title':
          return `<title data-seo>${escapeHtml(tag.text)}</title>`;
        case 'meta':
          return `<meta data-seo${attributes(tag.attrs)} />`;
        case 'link':
          return `<link data-seo${attributes(tag.attrs)} />`;
        case 'jsonld':
          return `<script data-seo type="application/ld+json">${jsonForScript(tag.json)}</script>`;
      }
    })
    .join('\n    ');
}

/** Head tags of the built index.html that the page's own head replaces. */
const REPLACED = [
  /<title\b[^>]*>[\s\S]*?<\/title>\s*/gi,
  /<meta\b[^>]*\bname="(?:description|keywords|robots|twitter:[^"]*)"[^>]*>\s*/gi,
  /<meta\b[^>]*\bproperty="og:[^"]*"[^>]*>\s*/gi,
  /<link\b[^>]*\brel="(?:canonical|alternate)"[^>]*>\s*/gi,
  /<script\b[^>]*\btype="application\/ld\+json"[^>]*>[\s\S]*?<\/script>\s*/gi,
];

/** index.html with its generic head tags swapped for the page's, and the document language set. */
export function injectHead(template: string, headHtml: string, lang: string): string {
  let html = template;
  for (const pattern of REPLACED) html = html.replace(pattern, '');
  html = html.replace(/<html\b[^>]*>/i, `<html lang="${escapeHtml(lang)}">`);
  // A function replacement: `$&`-style patterns in a post title must not be expanded.
  return html.replace(/<\/head>/i, () => `  ${headHtml}\n  </head>`);
}

/**
 * The client build's `shells.json`: by path, the static markup of the top of a public page as a
 * visitor's first render draws it (client/src/prerender.tsx); the client's lib/shell.ts hands over.
 */
export type PageShells = Readonly<Record<string, string>>;

/** Whether the request carries the client's member hint (contracts' MEMBER_HINT_COOKIE): no visitor's shell then. */
export const hasMemberHint = (cookieHeader: string | undefined): boolean =>
  (cookieHeader ?? '').split(';').some((pair) => pair.trim() === `${MEMBER_HINT_COOKIE}=1`);

/**
 * The page with its prerendered shell just before the app's root element (the shell is the build's
 * own markup, not escaped); the page as it is without a shell for the path or without that element.
 */
export function injectShell(html: string, shells: PageShells, pathname: string): string {
  const shell = Object.hasOwn(shells, pathname) ? shells[pathname] : undefined;
  if (!shell) return html;
  return html.replace(/<div id="root"><\/div>/, () => `<div id="shell">${shell}</div><div id="root"></div>`);
}

/** The client build's `route-preloads.json`: chunk URLs by path, "*" for every path not listed. */
export type RoutePreloads = Readonly<Record<string, readonly string[]>>;

/** modulepreload links for the chunks the page at `pathname` loads once the entry has run. */
export function routePreloadTags(preloads: RoutePreloads, pathname: string): string {
  const urls = preloads[pathname] ?? preloads['*'] ?? [];
  return urls
    .filter((url) => /^\/assets\/[\w.-]+\.js$/.test(url))
    .map((url) => `<link rel="modulepreload" crossorigin href="${escapeHtml(url)}">`)
    .join('\n    ');
}
