import { LOCALE, pageTitle, PRODUCT_NAME } from './constants';
import { penceToDecimal } from './money';

/**
 * Page metadata: one table of the client's routes shared by the server, which renders the
 * head of a client route before any JavaScript runs (crawlers, link previews), and the client, which
 * keeps the head in sync on navigation. Both turn a `PageMeta` into the same `HeadTag` list.
 */

/** index,follow; a redirect page noindex,follow; a noIndex page (member, admin, not found) noindex,nofollow. */
export type Robots = 'index,follow' | 'noindex,follow' | 'noindex,nofollow';

export interface PageMeta {
  /** Full document title (see `pageTitle`). */
  title: string;
  description: string;
  keywords: string;
  robots: Robots;
  /** Open Graph type: website, article, product. */
  type: 'website' | 'article' | 'product';
  /** Absolute or site-relative image for social cards; the site card when absent. */
  image?: string;
  /** Schema.org objects, each rendered as one application/ld+json script. */
  jsonLd?: ReadonlyArray<Record<string, unknown>>;
}

export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> }
  | { tag: 'jsonld'; json: Record<string, unknown> };

export const SITE_DESCRIPTION = 'Play mobile games, complete challenges and earn real money in pounds. £2 welcome bonus. 18+ UK platform.';
export const SITE_KEYWORDS = 'play to earn, earn money playing games, mobile game rewards, UK, paid game offers, gift cards, PayPal cash';
/** Social card image served from the client's public folder. */
export const SITE_CARD_IMAGE = '/favicon.svg';
export const SITE_TWITTER = '@playquid';
export const SITE_SOCIAL_LINKS = ['https://www.facebook.com/playquid', 'https://www.instagram.com/playquid', 'https://twitter.com/playquid'];
/** `<html lang>` and hreflang of every page (the site is in British English only). */
export const SITE_LANG = LOCALE;
export const OG_LOCALE = LOCALE.replace('-', '_');
export const NOT_FOUND_TITLE = 'Page Not Found';

// The table of client routes (ROUTE_SEO, matchClientRoute, routeMeta, SITEMAP_PATHS) is in ./seo-routes.

export function notFoundMeta(title = NOT_FOUND_TITLE): PageMeta {
  return { title: pageTitle(title), description: SITE_DESCRIPTION, keywords: SITE_KEYWORDS, robots: 'noindex,nofollow', type: 'website' };
}

/** Meta descriptions stop at 160 characters, on a word where one is near. */
export function clampDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Relative to absolute against the site origin (no trailing slash). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

// Schema.org structured data. `url` fields are site-relative here and made absolute by headTags.
export function organizationJsonLd(): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: PRODUCT_NAME,
    url: '/',
    logo: SITE_CARD_IMAGE,
    description: SITE_DESCRIPTION,
    sameAs: SITE_SOCIAL_LINKS,
  };
}

export interface BlogPostSeo {
  slug: string;
  title: string;
  description: string;
  image?: string | null;
  author?: string | null;
  publishedAt?: string | null;
  modifiedAt?: string | null;
}

export function blogPostMeta(post: BlogPostSeo): PageMeta {
  return {
    title: pageTitle(post.title),
    description: clampDescription(post.description || SITE_DESCRIPTION),
    keywords: SITE_KEYWORDS,
    robots: 'index,follow',
    type: 'article',
    image: post.image ?? undefined,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: clampDescription(post.description),
        url: `/blog/${encodeURIComponent(post.slug)}`,
        mainEntityOfPage: `/blog/${encodeURIComponent(post.slug)}`,
        ...(post.image ? { image: post.image } : {}),
        ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
        ...(post.modifiedAt ?? post.publishedAt ? { dateModified: post.modifiedAt ?? post.publishedAt } : {}),
        author: { '@type': 'Person', name: post.author || `${PRODUCT_NAME} Team` },
        publisher: { '@type': 'Organization', name: PRODUCT_NAME, logo: { '@type': 'ImageObject', url: SITE_CARD_IMAGE } },
      },
    ],
  };
}

export interface OfferSeo {
  id: string;
  title: string;
  description: string;
  image?: string | null;
  rewardPence: number;
  category?: string | null;
}

export function offerMeta(offer: OfferSeo): PageMeta {
  const reward = penceToDecimal(offer.rewardPence);
  const description = clampDescription(offer.description || `Play ${offer.title} on ${PRODUCT_NAME} and earn up to £${reward}.`);
  return {
    title: pageTitle(offer.title),
    description,
    keywords: [offer.title, offer.category, 'earn money playing games', 'game rewards'].filter(Boolean).join(', '),
    robots: 'index,follow',
    type: 'product',
    image: offer.image ?? undefined,
    // The member is paid for playing: an Offer whose price is what it pays out, free to take part in.
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Offer',
        name: offer.title,
        description,
        url: `/offers/${encodeURIComponent(offer.id)}`,
        ...(offer.image ? { image: offer.image } : {}),
        ...(offer.category ? { category: offer.category } : {}),
        price: '0.00',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        offeredBy: { '@type': 'Organization', name: PRODUCT_NAME },
        priceSpecification: { '@type': 'PriceSpecification', name: 'Reward up to', price: reward, priceCurrency: 'GBP' },
      },
    ],
  };
}

const SITE_RELATIVE_KEYS = new Set(['url', 'logo', 'mainEntityOfPage', 'image']);
function absolutise(value: unknown, origin: string, key?: string): unknown {
  if (typeof value === 'string') return key && SITE_RELATIVE_KEYS.has(key) && value.startsWith('/') ? absoluteUrl(origin, value) : value;
  if (Array.isArray(value)) return value.map((v) => absolutise(v, origin));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, absolutise(v, origin, k)]));
  return value;
}

/**
 * The head of a page at `path` (pathname only) on `origin`: title, description, keywords, robots,
 * canonical, hreflang alternates, Open Graph, Twitter card and JSON-LD.
 */
export function headTags(meta: PageMeta, origin: string, path: string): HeadTag[] {
  const canonical = absoluteUrl(origin, path);
  const image = absoluteUrl(origin, meta.image || SITE_CARD_IMAGE);
  const named = (name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { name, content } });
  const property = (name: string, content: string): HeadTag => ({ tag: 'meta', attrs: { property: name, content } });
  return [
    { tag: 'title', text: meta.title },
    named('description', meta.description),
    named('keywords', meta.keywords),
    named('robots', meta.robots),
    { tag: 'link', attrs: { rel: 'canonical', href: canonical } },
    { tag: 'link', attrs: { rel: 'alternate', hreflang: SITE_LANG, href: canonical } },
    { tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: canonical } },
    property('og:site_name', PRODUCT_NAME),
    property('og:type', meta.type),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', canonical),
    property('og:image', image),
    property('og:locale', OG_LOCALE),
    named('twitter:card', 'summary_large_image'),
    named('twitter:site', SITE_TWITTER),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', image),
    ...(meta.jsonLd ?? []).map((json): HeadTag => ({ tag: 'jsonld', json: absolutise(json, origin) as Record<string, unknown> })),
  ];
}
