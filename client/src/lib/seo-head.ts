import {
  blogPostMeta,
  type BlogPostSeo,
  headTags,
  type HeadTag,
  matchClientRoute,
  offerMeta,
  type OfferSeo,
  type PageMeta,
  pageTitle,
  routeMeta,
} from '@playquid/contracts';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * The document head on the client: the same contracts table and tag list the server renders for
 * the first request (server/src/seo), refined by the deepest route's `head()` meta, applied on every
 * navigation. The server marks its tags data-seo; this replaces those and any generic ones.
 */

/** A route `head()` meta entry as TanStack Router keeps it. */
export type HeadMeta = { title?: string; name?: string; property?: string; content?: string; 'script:ld+json'?: Record<string, unknown> } | undefined;

/** Route `head()` for a page with a record: the metadata as meta entries the root hook reads back. */
export function seoHead(meta: PageMeta): { meta: HeadMeta[] } {
  return {
    meta: [
      { title: meta.title },
      { name: 'description', content: meta.description },
      { name: 'keywords', content: meta.keywords },
      { name: 'robots', content: meta.robots },
      { property: 'og:type', content: meta.type },
      ...(meta.image ? [{ property: 'og:image', content: meta.image }] : []),
      ...(meta.jsonLd ?? []).map((json) => ({ 'script:ld+json': json })),
    ],
  };
}

/** Offer detail head: title, description and Offer structured data. */
export const offerHead = (offer: OfferSeo) => seoHead(offerMeta(offer));
/** Blog post head: title, meta description and BlogPosting structured data. */
export const blogPostHead = (post: BlogPostSeo) => seoHead(blogPostMeta(post));

/** The table's metadata for a path, overridden by what the matched routes' heads say (deepest wins). */
export function metaFromMatches(pathname: string, matches: ReadonlyArray<{ routeId?: string; meta?: ReadonlyArray<HeadMeta> }>): PageMeta {
  const match = matchClientRoute(pathname);
  const meta: PageMeta = { ...routeMeta(match?.route ?? null) };
  for (const { routeId, meta: tags } of matches) {
    // The root's default title must not hide the table's title of a page without a head of its own.
    if (routeId === '__root__') continue;
    const jsonLd: Array<Record<string, unknown>> = [];
    for (const tag of tags ?? []) {
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

/** Keeps the document head in step with the current route (root layout). */
export function useSeoHead(): void {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Serialised so the effect runs when the head changes, not on every router state change.
  const key = useRouterState({ select: (state) => JSON.stringify(metaFromMatches(state.location.pathname, state.matches as never)) });
  useEffect(() => {
    applyHead(JSON.parse(key) as PageMeta, window.location.origin, pathname);
  }, [key, pathname]);
}
