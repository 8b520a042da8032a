import type { BlogPostSeo, OfferSeo } from '@playquid/contracts';
import { SEO_RECORD } from './seo-record';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/**
 * The document head on the client: the same contracts table and tag list the server renders for
 * the first request (server/src/seo), refined by the deepest route's `head()` meta, applied on every
 * navigation (./seo-apply). The server marks its tags data-seo; those are replaced, and any generic ones.
 */

/** A route `head()` meta entry as TanStack Router keeps it. */
export type HeadMeta =
  { title?: string; name?: string; property?: string; content?: string; 'script:ld+json'?: Record<string, unknown> } | undefined;

/** The matched routes' head entries (the root layout's and each page's `head()`). */
export type HeadMatches = ReadonlyArray<{ routeId?: string; meta?: ReadonlyArray<HeadMeta> }>;

/**
 * Route `head()` for an offer or a blog post: the record itself, as JSON in a meta entry named
 * in ./seo-record, which ./seo-apply turns into the page's metadata and structured data (contracts' offerMeta,
 * blogPostMeta) when it applies the head. Those builders load with it, after the first paint, rather
 * than in every page's shell (route heads are part of the entry).
 */

/** Offer detail head: title, description and Offer structured data (built by ./seo-apply). */
export const offerHead = (offer: OfferSeo): { meta: HeadMeta[] } => ({
  meta: [{ name: SEO_RECORD.offer, content: JSON.stringify(offer) }],
});
/** Blog post head: title, meta description and BlogPosting structured data (built by ./seo-apply). */
export const blogPostHead = (post: BlogPostSeo): { meta: HeadMeta[] } => ({
  meta: [{ name: SEO_RECORD.post, content: JSON.stringify(post) }],
});

/** Keeps the document head in step with the current route (root layout). */
export function useSeoHead(): void {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Serialised so the effect runs when the head changes, not on every router state change: the
  // matches' own head entries; the route table and tag list (./seo-apply) load after the first
  // paint (the server rendered the first page's head), and apply in navigation order.
  const key = useRouterState({
    select: (state) => JSON.stringify((state.matches as unknown as HeadMatches).map(({ routeId, meta }) => ({ routeId, meta }))),
  });
  // The head the server rendered for the page as first opened is left as it is (the same table and
  // tag list): the route table loads with the first change of head or page.
  const first = useRef(true);
  useEffect(() => {
    const serverRendered = first.current && document.head.querySelector('[data-seo]') !== null;
    first.current = false;
    if (serverRendered) return;
    const matches = JSON.parse(key) as HeadMatches;
    let current = true;
    void import('./seo-apply').then(({ applyHead, metaFromMatches }) => {
      if (current) applyHead(metaFromMatches(pathname, matches), window.location.origin, pathname);
    });
    return () => {
      current = false;
    };
  }, [key, pathname]);
}
