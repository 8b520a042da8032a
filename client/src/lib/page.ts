import { DEFAULT_PAGE_TITLE, PRODUCT_NAME } from '@playquid/contracts';

/** "Dashboard | PlayQuid"; the default title when a page has none. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${PRODUCT_NAME}` : DEFAULT_PAGE_TITLE;
}

type MetaTag = { title?: string; name?: string; content?: string } | undefined;

/**
 * Route `head()` for a page: its title and, when given, a description. The root layout applies
 * the deepest match's values to the document (this is a client-rendered app).
 */
export function pageHead(title?: string, description?: string): { meta: MetaTag[] } {
  return { meta: [{ title: pageTitle(title) }, ...(description ? [{ name: 'description', content: description }] : [])] };
}

/** The deepest title and description among the matched routes' head meta. */
export function headFromMatches(matches: ReadonlyArray<{ meta?: ReadonlyArray<MetaTag> }>): { title: string; description?: string } {
  let title: string | undefined;
  let description: string | undefined;
  for (const match of matches) {
    for (const tag of match.meta ?? []) {
      if (tag?.title) title = tag.title;
      if (tag?.name === 'description' && tag.content) description = tag.content;
    }
  }
  return { title: title ?? DEFAULT_PAGE_TITLE, description };
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** One analytics page view per route change (spec 1); a no-op until an analytics tag is loaded. */
export function trackPageView(path: string): void {
  window.dataLayer?.push({ event: 'page_view', page_path: path });
}
