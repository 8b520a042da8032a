import { ROUTE_SEO } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import routeTreeSource from '../routeTree.gen.ts?raw';
import { pageHead } from './page';
import { applyHead, metaFromMatches } from './seo-apply';
import { blogPostHead, offerHead } from './seo-head';

/** Full paths of the generated route tree (its FileRoutesByFullPath), without trailing slashes. */
function routePaths(): string[] {
  const block = routeTreeSource.match(/interface FileRoutesByFullPath \{([\s\S]*?)\}/)![1];
  return [...block.matchAll(/'([^']+)':/g)].map(([, path]) => (path.length > 1 ? path.replace(/\/$/, '') : path)).sort();
}

describe('page metadata on the client', () => {
  it('the contracts table names exactly the client routes (the server 404s the rest)', () => {
    expect(Object.keys(ROUTE_SEO).sort()).toEqual(routePaths());
  });

  it('takes the table for the path and the deepest route head over it, not the root default', () => {
    const matches = [{ routeId: '__root__', ...pageHead() }, { routeId: '/_member' }, { routeId: '/_member/dashboard', ...pageHead('Dashboard') }];
    expect(metaFromMatches('/dashboard', matches)).toMatchObject({ title: 'Dashboard | PlayQuid', robots: 'noindex,nofollow' });
    expect(metaFromMatches('/contact', [{ routeId: '__root__', ...pageHead() }])).toMatchObject({ title: 'Contact Us | PlayQuid', robots: 'index,follow' });
    expect(metaFromMatches('/no-such-page', [])).toMatchObject({ title: 'Page Not Found | PlayQuid', robots: 'noindex,nofollow' });
    expect(metaFromMatches('/', [])).toMatchObject({ jsonLd: [expect.objectContaining({ '@type': 'Organization' })] });
  });

  it('offer and blog heads carry their structured data', () => {
    const offer = metaFromMatches('/offers/o1', [{ routeId: '/offers/$offerId', ...offerHead({ id: 'o1', title: 'Gem Quest', description: 'Match gems', rewardPence: 250 }) }]);
    expect(offer).toMatchObject({ title: 'Gem Quest | PlayQuid', description: 'Match gems', type: 'product', jsonLd: [expect.objectContaining({ '@type': 'Offer' })] });
    const post = metaFromMatches('/blog/hello', [{ routeId: '/blog/$slug', ...blogPostHead({ slug: 'hello', title: 'Hello', description: 'A post' }) }]);
    expect(post).toMatchObject({ title: 'Hello | PlayQuid', type: 'article', jsonLd: [expect.objectContaining({ '@type': 'BlogPosting', headline: 'Hello' })] });
  });

  it('replaces server-rendered and generic tags; hostile values stay text', () => {
    document.head.innerHTML = '<meta charset="UTF-8"><title data-seo>Old</title><meta name="description" content="old"><link data-seo rel="canonical" href="x">';
    const hostile = '</title><script>window.hacked=1</script>';
    applyHead(metaFromMatches('/blog/x', [{ routeId: '/blog/$slug', ...blogPostHead({ slug: 'x', title: hostile, description: hostile }) }]), 'https://playquid.test', '/blog/x');
    expect(document.title).toBe(`${hostile} | PlayQuid`);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('script:not([type="application/ld+json"])')).toHaveLength(0);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://playquid.test/blog/x');
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
  });
});
