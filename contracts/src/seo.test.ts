import { describe, expect, it } from 'vitest';
import { blogPostMeta, clampDescription, headTags, offerMeta } from './seo';
import { matchClientRoute, routeMeta, SITEMAP_PATHS } from './seo-routes';

describe('client routes for page heads', () => {
  it('matches static and dynamic routes, ignoring a trailing slash', () => {
    expect(matchClientRoute('/')).toEqual({ route: '/', params: {} });
    expect(matchClientRoute('/offers/')).toEqual({ route: '/offers', params: {} });
    expect(matchClientRoute('/offers/abc-1')).toEqual({ route: '/offers/$offerId', params: { offerId: 'abc-1' } });
    expect(matchClientRoute('/blog/caf%C3%A9')).toEqual({ route: '/blog/$slug', params: { slug: 'café' } });
    expect(matchClientRoute('/earnings/statement')?.route).toBe('/earnings/statement');
  });

  it('an unknown path, an extra segment or a malformed escape is not a route', () => {
    for (const path of ['/nope', '/offers/a/b', '/admin/x', '/blog/%E0%A4%A', '/dashboard/more']) expect(matchClientRoute(path), path).toBeNull();
  });

  it('member and admin pages are noindex; public pages index and are in the sitemap', () => {
    expect(routeMeta('/payments').robots).toBe('noindex,nofollow');
    expect(routeMeta('/admin/blogs').robots).toBe('noindex,nofollow');
    expect(routeMeta('/contact')).toMatchObject({ robots: 'index,follow', title: 'Contact Us | PlayQuid' });
    expect(routeMeta(null)).toMatchObject({ robots: 'noindex,nofollow', title: 'Page Not Found | PlayQuid' });
    expect(SITEMAP_PATHS).toContain('/privacy-policy');
    expect(SITEMAP_PATHS).not.toContain('/dashboard');
  });

  it('descriptions stop at 160 characters on a word', () => {
    const long = 'word '.repeat(60);
    const clamped = clampDescription(long);
    expect(clamped.length).toBeLessThanOrEqual(160);
    expect(clamped.endsWith('word…')).toBe(true);
    expect(clampDescription('  short   text ')).toBe('short text');
  });

  it('structured data URLs become absolute on the site origin', () => {
    const [ld] = headTags(blogPostMeta({ slug: 'a b', title: 'T', description: 'D', publishedAt: '2026-01-02T00:00:00.000Z' }), 'https://x.test', '/blog/a%20b')
      .filter((t) => t.tag === 'jsonld')
      .map((t) => (t.tag === 'jsonld' ? t.json : {}));
    expect(ld).toMatchObject({ url: 'https://x.test/blog/a%20b', publisher: { logo: { url: 'https://x.test/favicon.svg' } }, datePublished: '2026-01-02T00:00:00.000Z' });
    expect(offerMeta({ id: 'o', title: 'G', description: '', rewardPence: 1234 }).description).toBe('Play G on PlayQuid and earn up to £12.34.');
  });
});
