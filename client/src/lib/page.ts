import { pageTitle } from '@playquid/contracts';

// One title rule for the server-rendered head and the client (contracts/src/seo.ts).
export { pageTitle };

type MetaTag = { title?: string; name?: string; content?: string } | undefined;

/**
 * Route `head()` for a page: its title and, when given, a description. The root layout applies
 * the deepest match's values over the contracts table (lib/seo-head.ts).
 */
export function pageHead(title?: string, description?: string): { meta: MetaTag[] } {
  return { meta: [{ title: pageTitle(title) }, ...(description ? [{ name: 'description', content: description }] : [])] };
}
