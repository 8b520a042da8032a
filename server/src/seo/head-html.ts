import { CONSENT_HINT_COOKIE, type HeadTag, MEMBER_HINT_COOKIE } from '@playquid/contracts';

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
 * The client build's `shells.json` (client/src/prerender.tsx; the client's lib/shell.ts hands over):
 * by path, the static markup of the top of a public page as a visitor's first render draws it, and
 * the cookie consent banner as an undecided visitor's first render draws it.
 */
export interface PageShells {
  readonly pages: Readonly<Record<string, string>>;
  readonly consentBanner?: string;
}

/** The element the consent banner's shell comes in (client/src/lib/shell-id.ts). */
const CONSENT_SHELL_ID = 'shell-consent';

const hasHint = (cookieHeader: string | undefined, name: string): boolean => (cookieHeader ?? '').split(';').some((pair) => pair.trim() === `${name}=1`);

/** Whether the request carries the client's member hint (contracts' MEMBER_HINT_COOKIE): no visitor's shell then. */
export const hasMemberHint = (cookieHeader: string | undefined): boolean => hasHint(cookieHeader, MEMBER_HINT_COOKIE);

/** Whether the request carries the client's consent hint (contracts' CONSENT_HINT_COOKIE): the cookie choice is made. */
export const hasConsentHint = (cookieHeader: string | undefined): boolean => hasHint(cookieHeader, CONSENT_HINT_COOKIE);

/** Whether the build has a shell for the path. */
export const hasShell = (shells: PageShells, pathname: string): boolean => Object.hasOwn(shells.pages, pathname) && shells.pages[pathname] !== '';

/**
 * The page with its prerendered shell just before the app's root element, and, for a visitor who has
 * not made their cookie choice (`consentBanner`), the banner's just after it, inert: a picture of the
 * banner until the app's own takes its place (the shells are the build's own markup, not escaped); the page as it is without a shell for the path or without that element.
 */
export function injectShell(html: string, shells: PageShells, pathname: string, { consentBanner = false }: { consentBanner?: boolean } = {}): string {
  if (!hasShell(shells, pathname)) return html;
  const banner = consentBanner && shells.consentBanner ? `<div id="${CONSENT_SHELL_ID}" inert>${shells.consentBanner}</div>` : '';
  return html.replace(/<div id="root"><\/div>/, () => `<div id="shell">${shells.pages[pathname]}</div><div id="root"></div>${banner}`);
}

/**
 * The client build's `route-preloads.json`: chunk URLs under "app" (the app and what it imports, which
 * the entry loads on every page) and by path, "*" for every path not listed.
 */
export type RoutePreloads = Readonly<Record<string, readonly string[]>>;

/** The meta tag a shell page lists its app chunks in (client/src/lib/shell-id.ts). */
const APP_CHUNKS_META = 'pq-app-chunks';

/**
 * modulepreload links for the chunks the page at `pathname` loads once the entry has run: the app's
 * and the page's own. A page sent with its prerendered shell gets them as a list in a meta tag
 * instead, which the entry fetches once the shell has painted: its first paint shares the network
 * with nothing but its stylesheet and fonts.
 */
export function routePreloadTags(preloads: RoutePreloads, pathname: string, { withShell = false }: { withShell?: boolean } = {}): string {
  const page = pathname.startsWith('/') && Object.hasOwn(preloads, pathname) ? preloads[pathname] : preloads['*'];
  const urls = [...(preloads.app ?? []), ...(page ?? [])].filter((url) => /^\/assets\/[\w.-]+\.js$/.test(url));
  if (withShell) return urls.length > 0 ? `<meta name="${APP_CHUNKS_META}" content="${escapeHtml(urls.join(' '))}">` : '';
  return urls.map((url) => `<link rel="modulepreload" crossorigin href="${escapeHtml(url)}">`).join('\n    ');
}
