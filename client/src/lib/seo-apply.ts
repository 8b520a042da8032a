import {
  blogPostMeta,
  headTags,
  type HeadTag,
  matchClientRoute,
  offerMeta,
  type PageMeta,
  pageTitle,
  routeMeta,
} from '@playquid/contracts';
import type { HeadMatches, HeadMeta } from './seo-head';
import { SEO_RECORD } from './seo-record';

/**
 * The document head on the client (loaded by useSeoHead in ./seo-head after the first paint): the
 * same contracts table and tag list the server renders for the first request (server/src/seo),
 * refined by the deepest route's `head()` meta. The server marks its tags data-seo; this replaces
 * those and any generic ones.
 */

/** A page's metadata as the meta entries a route head gives. */
function metaEntries(meta: PageMeta): HeadMeta[] {
  return [
    { title: meta.title },
    { name: 'description', content: meta.description },
    { name: 'keywords', content: meta.keywords },
    { name: 'robots', content: meta.robots },
    { property: 'og:type', content: meta.type },
    ...(meta.image ? [{ property: 'og:image', content: meta.image }] : []),
    ...(meta.jsonLd ?? []).map((json) => ({ 'script:ld+json': json })),
  ];
}

/** A route head's entries with an offer's or a post's record (./seo-head offerHead, blogPostHead) made into its metadata. */
function expanded(tags: ReadonlyArray<HeadMeta>): HeadMeta[] {
  return tags.flatMap((tag) => {
    if (tag?.name === SEO_RECORD.offer && tag.content) return metaEntries(offerMeta(JSON.parse(tag.content)));
    if (tag?.name === SEO_RECORD.post && tag.content) return metaEntries(blogPostMeta(JSON.parse(tag.content)));
    return [tag];
  });
}

/** The table's metadata for a path, overridden by what the matched routes' heads say (deepest wins). */
export function metaFromMatches(pathname: string, matches: HeadMatches): PageMeta {
  const match = matchClientRoute(pathname);
  const meta: PageMeta = { ...routeMeta(match?.route ?? null) };
  for (const { routeId, meta: tags } of matches) {
    // The root's default title must not hide the table's title of a page without a head of its own.
    if (routeId === '__root__') continue;
    const jsonLd: Array<Record<string, unknown>> = [];
    for (const tag of expanded(tags ?? [])) {
      if (!tag) continue;
      if (tag.title) meta.title = tag.title;
      if (tag['script:ld+json']) jsonLd.push(tag['script:ld+json']);
      if (!tag.content) continue;
      if (tag.name === 'description') meta.description = tag.content;
      if (tag.name === 'keywords') meta.keywords = tag.content;
      if (tag.name === 'robots') meta.robots = tag.content as PageMeta['robots'];
      if (tag.property === 'og:type') meta.type = tag.content as PageMeta['type'];
      if (tag.property === 'og:image') meta.image = tag.content;
    }
    if (jsonLd.length > 0) meta.jsonLd = jsonLd;
  }
  // An unknown path keeps its noindex whatever a layout route says.
  if (!match) meta.robots = 'noindex,nofollow';
  meta.title ||= pageTitle();
  return meta;
}

/** Every element of the head this module owns (server-rendered or generic from index.html). */
const MANAGED =
  'title, meta[data-seo], link[data-seo], script[data-seo], meta[name="description"], meta[name="keywords"], meta[name="robots"], meta[name^="twitter:"], meta[property^="og:"], link[rel="canonical"], link[rel="alternate"][hreflang], script[type="application/ld+json"]';

function element(tag: HeadTag): HTMLElement {
  if (tag.tag === 'title') {
    const title = document.createElement('title');
    title.textContent = tag.text;
    return title;
  }
  if (tag.tag === 'jsonld') {
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify(tag.json);
    return script;
  }
  const el = document.createElement(tag.tag);
  for (const [name, value] of Object.entries(tag.attrs)) el.setAttribute(name, value);
  return el;
}

/** Replaces the managed head elements with the page's (DOM APIs: values are never parsed as HTML). */
export function applyHead(meta: PageMeta, origin: string, pathname: string): void {
  const head = document.head;
  for (const el of head.querySelectorAll(MANAGED)) el.remove();
  for (const tag of headTags(meta, origin, pathname)) {
    const el = element(tag);
    el.setAttribute('data-seo', '');
    head.appendChild(el);
  }
}
