import { pageTitle } from './constants';
import { notFoundMeta, organizationJsonLd, type PageMeta, SITE_DESCRIPTION, SITE_KEYWORDS } from './seo';

/**
 * The client routes' page metadata table (./seo has the shared types and tag list). Its own module
 * so a web client chunk that needs only the record pages' metadata (offers, posts) does not carry it.
 */

interface RouteSeo {
  /** Short title ("Blog"); the default title when absent. */
  title?: string;
  description?: string;
  keywords?: string;
  /** false: member, admin and login-variant pages (noindex,nofollow). */
  index: boolean;
  /** Listed in sitemap.xml. */
  sitemap?: boolean;
}

/**
 * Every client route by its TanStack Router path (`$param` segments). A client test holds this list
 * to the generated route tree, so a new page cannot be a 404 to the server.
 */
export const ROUTE_SEO: Readonly<Record<string, RouteSeo>> = {
  '/': { index: true, sitemap: true },
  '/offers': { title: 'Gaming Offers', description: 'Play mobile games, reach their milestones and earn real money in pounds.', keywords: 'gaming offers, game rewards, earn money playing games, mobile games UK', index: true, sitemap: true },
  '/offers/$offerId': { title: 'Gaming Offer', index: true },
  '/offers-preview': { title: 'Gaming Offers Preview', description: 'A look at the games you can play on PlayQuid to earn real money.', index: true, sitemap: true },
  '/blog': { title: 'Blog', description: 'Guides and news about earning real money by playing mobile games.', keywords: 'play to earn blog, gaming rewards tips, earn money guides', index: true, sitemap: true },
  '/blog/$slug': { title: 'Blog', index: true },
  '/privacy-policy': { title: 'Privacy Policy', description: 'How PlayQuid collects, uses and protects your personal data.', keywords: 'privacy policy, GDPR, personal data', index: true, sitemap: true },
  '/terms-conditions': { title: 'Terms & Conditions', description: 'The terms of using PlayQuid: eligibility, rewards, referrals, payouts and disputes.', keywords: 'terms and conditions, payouts, disputes', index: true, sitemap: true },
  '/cookie-policy': { title: 'Cookie Policy', description: 'Which cookies PlayQuid uses, why, and for how long.', keywords: 'cookie policy, cookies, consent', index: true, sitemap: true },
  '/contact': { title: 'Contact Us', description: 'Contact PlayQuid support by email. We reply within 24-48 hours.', keywords: 'contact, support, FAQ, help', index: true, sitemap: true },
  '/login': { title: 'Login', description: 'Sign in to PlayQuid to play games, complete challenges and follow your earnings.', index: true, sitemap: true },
  '/signup': { title: 'Sign Up', description: 'Create a free PlayQuid account and get a £2 welcome bonus. 18+ only.', index: true, sitemap: true },
  '/verify-statement': { title: 'Verify a Statement', description: 'Check a PlayQuid statement in your browser: our signature, every amount and the balance it proves.', keywords: 'verify statement, signed statement, proof of balance', index: true, sitemap: true },
  '/admin': { title: 'Admin Access', index: false },
  '/dashboard': { title: 'Dashboard', index: false },
  '/earnings': { title: 'Earnings History', index: false },
  '/earnings/statement': { title: 'Statement', index: false },
  '/earnings/claims': { title: 'My claims', index: false },
  '/payments': { title: 'Payments', index: false },
  '/profile': { title: 'Profile', index: false },
  '/referrals': { title: 'Refer Friends', index: false },
  '/admin/dashboard': { title: 'Analytics', index: false },
  '/admin/users': { title: 'Users', index: false },
  '/admin/offers': { title: 'Manage Offers', index: false },
  '/admin/payouts': { title: 'Payouts', index: false },
  '/admin/callbacks': { title: 'Callbacks', index: false },
  '/admin/claims': { title: 'Claims', index: false },
  '/admin/privacy': { title: 'Privacy requests', index: false },
  '/admin/blogs': { title: 'Blog Posts', index: false },
};

export interface RouteMatch {
  /** The ROUTE_SEO key. */
  route: string;
  params: Record<string, string>;
}

/** The client route a pathname opens, or null (the not-found page). A trailing slash is ignored. */
export function matchClientRoute(pathname: string): RouteMatch | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = path.split('/').slice(1);
  for (const route of Object.keys(ROUTE_SEO)) {
    const parts = route.split('/').slice(1);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, i) => {
      if (part.startsWith('$')) {
        if (!segments[i]) return false;
        try {
          params[part.slice(1)] = decodeURIComponent(segments[i]);
        } catch {
          return false;
        }
        return true;
      }
      return part === segments[i];
    });
    if (matches) return { route, params };
  }
  return null;
}

/** The table's metadata for a route; dynamic pages refine it with their record. */
export function routeMeta(route: string | null): PageMeta {
  const seo = route ? ROUTE_SEO[route] : undefined;
  if (!seo) return notFoundMeta();
  return {
    title: pageTitle(seo.title),
    description: seo.description ?? SITE_DESCRIPTION,
    keywords: seo.keywords ?? SITE_KEYWORDS,
    robots: seo.index ? 'index,follow' : 'noindex,nofollow',
    type: 'website',
    jsonLd: route === '/' ? [organizationJsonLd()] : undefined,
  };
}

/** Paths listed in sitemap.xml besides offers and posts. */
export const SITEMAP_PATHS = Object.entries(ROUTE_SEO)
  .filter(([, seo]) => seo.sitemap)
  .map(([path]) => path);
