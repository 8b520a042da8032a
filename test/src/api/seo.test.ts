import type { EmulatorUser } from '@playquid/scripts';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { bearer, makeAdmin } from '../support/money';
import { offerRowWhere } from '../support/offers';
import { eventually, type Stack, startStack, TEST_PUBLIC_BASE_URL } from '../support/stack';

/** A client build's index.html as Vite leaves it: generic head tags the server replaces. */
const INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="generic description" />
    <meta name="robots" content="index,follow" />
    <meta property="og:title" content="generic" />
    <title>Generic</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;
const HOSTILE = '</title><script>alert(1)</script>';
/** A hashed bundle with the compressed copies and the source map a build leaves next to it. */
const BUNDLE = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

let stack: Stack;
let admin: EmulatorUser;
let offerId: string;
let hostileOfferId: string;
let draftOfferId: string;
let post: { id: string; slug: string };
let hostilePost: { id: string; slug: string };
let draftPost: { id: string; slug: string };

beforeAll(async () => {
  const clientDist = mkdtempSync(join(tmpdir(), 'h8-seo-dist-'));
  writeFileSync(join(clientDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(clientDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(clientDist, 'assets'));
  writeFileSync(join(clientDist, 'assets/index-abc.js'), BUNDLE);
  writeFileSync(join(clientDist, 'assets/index-abc.js.br'), brotliCompressSync(BUNDLE));
  writeFileSync(join(clientDist, 'assets/index-abc.js.gz'), gzipSync(BUNDLE));
  writeFileSync(join(clientDist, 'assets/index-abc.js.map'), '{"version":3,"sources":["secret.ts"]}');
  stack = await startStack({ clientDist });
  admin = await registeredMember(stack, { label: 'seoadmin' });
  await makeAdmin(stack, admin);
  const create = async (body: object) =>
    (await stack.http.post('/api/admin/offers').set('authorization', bearer(admin)).send(body).expect(201)).body.data.offer.id as string;
  offerId = await create({ title: 'Gem Quest', description: 'Match three gems & reach level 20 to earn.', reward_pence: 250, category: 'Puzzle', icon_url: 'https://cdn.example/gem.png', status: 'active' });
  hostileOfferId = await create({ title: HOSTILE, description: `"><img src=x onerror=alert(2)>`, reward_pence: 100, status: 'active' });
  draftOfferId = await create({ title: 'Unreleased', reward_pence: 100 });
  for (const id of [offerId, hostileOfferId, draftOfferId]) await offerRowWhere(stack, id, () => true);
  const createPost = async (body: object) => {
    const blog = (await stack.http.post('/api/admin/blogs').set('authorization', bearer(admin)).send(body).expect(201)).body.data.blog as { id: string; slug: string };
    await eventually(() => stack.db.selectFrom('blogs').select('id').where('id', '=', blog.id).executeTakeFirst());
    return blog;
  };
  const body = { preview: 'A short preview of the post.', content: '<p>Body</p>' };
  post = await createPost({
    ...body,
    title: 'Five Games That Pay Out Fast',
    meta_description: 'Our pick of quick-paying games & how to finish them.',
    featured_image_url: 'https://cdn.example/post.png',
    is_published: true,
  });
  hostilePost = await createPost({ ...body, title: HOSTILE, slug: 'hostile-title', is_published: true });
  draftPost = await createPost({ ...body, title: 'Work in progress' });
});
afterAll(() => stack?.close());

const page = async (path: string, status = 200) => {
  const response = await stack.http.get(path).expect(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response.text;
};
const title = (html: string) => [...html.matchAll(/<title\b[^>]*>([\s\S]*?)<\/title>/g)].map((m) => m[1]);
const meta = (html: string, key: string) => html.match(new RegExp(`<meta data-seo (?:name|property)="${key}" content="([^"]*)"`))?.[1];
const link = (html: string, rel: string) => html.match(new RegExp(`<link data-seo rel="${rel}"(?: hreflang="[^"]*")? href="([^"]*)"`))?.[1];
const jsonLd = (html: string) => [...html.matchAll(/<script data-seo type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));

describe('server-rendered page heads', () => {
  it('GET / has the default title, description, canonical, social tags, lang and Organization JSON-LD', async () => {
    const html = await page('/');
    expect(title(html)).toEqual(['PlayQuid - Play Games, Earn Real Money']);
    expect(html).toContain('<html lang="en-GB">');
    expect(html).not.toContain('generic');
    expect(meta(html, 'description')).toContain('earn real money in pounds');
    expect(meta(html, 'keywords')).toContain('play to earn');
    expect(meta(html, 'robots')).toBe('index,follow');
    expect(link(html, 'canonical')).toBe(`${TEST_PUBLIC_BASE_URL}/`);
    expect(html).toContain(`<link data-seo rel="alternate" hreflang="en-GB" href="${TEST_PUBLIC_BASE_URL}/" />`);
    expect(html).toContain(`<link data-seo rel="alternate" hreflang="x-default" href="${TEST_PUBLIC_BASE_URL}/" />`);
    expect(meta(html, 'og:title')).toBe('PlayQuid - Play Games, Earn Real Money');
    expect(meta(html, 'og:url')).toBe(`${TEST_PUBLIC_BASE_URL}/`);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:locale')).toBe('en_GB');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe('PlayQuid - Play Games, Earn Real Money');
    expect(jsonLd(html)).toEqual([expect.objectContaining({ '@type': 'Organization', name: 'PlayQuid', url: `${TEST_PUBLIC_BASE_URL}/` })]);
    // The app itself is still there.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('the query string is not part of the canonical URL', async () => {
    const html = await page('/?ref=someone');
    expect(link(html, 'canonical')).toBe(`${TEST_PUBLIC_BASE_URL}/`);
  });

  it('an offer page has the offer title, description, image and Offer JSON-LD', async () => {
    const html = await page(`/offers/${offerId}`);
    expect(title(html)).toEqual(['Gem Quest | PlayQuid']);
    expect(meta(html, 'description')).toBe('Match three gems &amp; reach level 20 to earn.');
    expect(link(html, 'canonical')).toBe(`${TEST_PUBLIC_BASE_URL}/offers/${offerId}`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:image')).toBe('https://cdn.example/gem.png');
    expect(meta(html, 'robots')).toBe('index,follow');
    expect(jsonLd(html)).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        name: 'Gem Quest',
        url: `${TEST_PUBLIC_BASE_URL}/offers/${offerId}`,
        priceCurrency: 'GBP',
        category: 'Puzzle',
        priceSpecification: expect.objectContaining({ price: '2.50' }),
      }),
    ]);
  });

  it('an offer with a hostile title renders it as text', async () => {
    const html = await page(`/offers/${hostileOfferId}`);
    expect(title(html)).toEqual(['&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | PlayQuid']);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<script\b/g)).toHaveLength(2); // the app bundle and the JSON-LD
    expect(jsonLd(html)[0].name).toBe(HOSTILE);
  });

  it('a missing or inactive offer is a 404 with noindex', async () => {
    for (const path of ['/offers/no-such-offer', `/offers/${draftOfferId}`]) {
      const html = await page(path, 404);
      expect(title(html)).toEqual(['Offer Not Found | PlayQuid']);
      expect(meta(html, 'robots')).toBe('noindex,nofollow');
    }
  });

  it('legal pages have their own title, description and canonical', async () => {
    const cases = [
      ['/privacy-policy', 'Privacy Policy | PlayQuid', 'How PlayQuid collects, uses and protects your personal data.'],
      ['/terms-conditions', 'Terms &amp; Conditions | PlayQuid', 'The terms of using PlayQuid: eligibility, rewards, referrals, payouts and disputes.'],
      ['/cookie-policy', 'Cookie Policy | PlayQuid', 'Which cookies PlayQuid uses, why, and for how long.'],
    ];
    for (const [path, expectedTitle, description] of cases) {
      const html = await page(path);
      expect(title(html), path).toEqual([expectedTitle]);
      expect(meta(html, 'description'), path).toBe(description);
      expect(meta(html, 'og:description'), path).toBe(description);
      expect(link(html, 'canonical'), path).toBe(`${TEST_PUBLIC_BASE_URL}${path}`);
      expect(meta(html, 'robots'), path).toBe('index,follow');
      expect(jsonLd(html), path).toEqual([]);
    }
    // A trailing slash opens the same page.
    expect(title(await page('/offers/'))).toEqual(['Gaming Offers | PlayQuid']);
  });

  it('member, admin and admin-login pages are noindex,nofollow (and still 200)', async () => {
    for (const path of ['/dashboard', '/earnings', '/earnings/statement', '/payments', '/profile', '/referrals', '/admin', '/admin/dashboard', '/admin/users', '/admin/blogs', '/admin/callbacks']) {
      expect(meta(await page(path), 'robots'), path).toBe('noindex,nofollow');
    }
    expect(title(await page('/dashboard'))).toEqual(['Dashboard | PlayQuid']);
  });

  it('an unknown route is a 404 with noindex that still serves the app', async () => {
    for (const path of ['/no-such-page', '/admin/nothing', '/offers/a/b', '/blog/x/y']) {
      const html = await page(path, 404);
      expect(title(html), path).toEqual(['Page Not Found | PlayQuid']);
      expect(meta(html, 'robots'), path).toBe('noindex,nofollow');
      expect(html, path).toContain('<div id="root"></div>');
    }
    // The API keeps its JSON 404.
    const api = await stack.http.get('/api/no-such-call').expect(404);
    expect(api.body).toMatchObject({ success: false });
    // Static files are still files; uptime checks with HEAD get the same status as GET.
    await stack.http.get('/favicon.svg').expect(200);
    await stack.http.head('/').expect(200);
    await stack.http.head('/no-such-page').expect(404);
  });

  it('a published post has its title, meta description, image, author and BlogPosting JSON-LD', async () => {
    const html = await page(`/blog/${post.slug}`);
    expect(title(html)).toEqual(['Five Games That Pay Out Fast | PlayQuid']);
    expect(meta(html, 'description')).toBe('Our pick of quick-paying games &amp; how to finish them.');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:image')).toBe('https://cdn.example/post.png');
    expect(link(html, 'canonical')).toBe(`${TEST_PUBLIC_BASE_URL}/blog/${post.slug}`);
    const [ld] = jsonLd(html);
    expect(ld).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Five Games That Pay Out Fast',
      url: `${TEST_PUBLIC_BASE_URL}/blog/${post.slug}`,
      image: 'https://cdn.example/post.png',
      datePublished: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      author: { '@type': 'Person', name: expect.any(String) },
    });
  });

  it('a post with a hostile title renders it as text; a draft is a 404', async () => {
    const html = await page(`/blog/${hostilePost.slug}`);
    expect(title(html)).toEqual(['&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | PlayQuid']);
    expect(html).not.toContain('<script>alert');
    expect(jsonLd(html)[0].headline).toBe(HOSTILE);
    expect(meta(await page(`/blog/${draftPost.slug}`, 404), 'robots')).toBe('noindex,nofollow');
  });

  it('a blog post that does not exist is a 404 with noindex', async () => {
    const html = await page('/blog/no-such-post', 404);
    expect(title(html)).toEqual(['Blog post not found | PlayQuid']);
    expect(meta(html, 'robots')).toBe('noindex,nofollow');
    expect(title(await page('/blog'))).toEqual(['Blog | PlayQuid']);
  });
});

describe('crawler files', () => {
  it('robots.txt allows the site, keeps crawlers off the API and names the sitemap', async () => {
    const response = await stack.http.get('/robots.txt').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toBe(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${TEST_PUBLIC_BASE_URL}/sitemap.xml\n`);
  });

  it('sitemap.xml lists the public pages and active offers, not member pages or drafts', async () => {
    const response = await stack.http.get('/sitemap.xml').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...response.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(TEST_PUBLIC_BASE_URL, ''));
    for (const path of ['/', '/offers', '/offers-preview', '/blog', '/privacy-policy', '/terms-conditions', '/cookie-policy', '/contact', '/login', '/signup']) expect(locs).toContain(path);
    expect(locs).toContain(`/offers/${offerId}`);
    expect(locs).toContain(`/offers/${hostileOfferId}`);
    expect(locs).not.toContain(`/offers/${draftOfferId}`);
    expect(locs).toContain(`/blog/${post.slug}`);
    expect(locs).not.toContain(`/blog/${draftPost.slug}`);
    for (const path of ['/dashboard', '/admin', '/admin/users', '/payments']) expect(locs).not.toContain(path);
    expect(response.text).toMatch(new RegExp(`<loc>${TEST_PUBLIC_BASE_URL}/offers/${offerId}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
  });

  it('robots.txt and sitemap.xml are not API calls (no /api prefix, not in the OpenAPI document)', async () => {
    await stack.http.get('/api/robots.txt').expect(404);
    const doc = (await stack.http.get('/api/docs-json').expect(200)).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => /robots|sitemap/.test(p))).toEqual([]);
  });
});

describe('static client files', () => {
  const get = (url: string, acceptEncoding?: string) =>
    stack.app
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'GET', url, headers: { accept: '*/*', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

  it('sends hashed assets pre-compressed (brotli, else gzip, else plain), varying on Accept-Encoding, cached for a year as immutable', async () => {
    const brotli = await get('/assets/index-abc.js', 'gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.equals(brotliCompressSync(BUNDLE))).toBe(true);

    const gzipped = await get('/assets/index-abc.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzipped.rawPayload.equals(gzipSync(BUNDLE))).toBe(true);

    const plain = await get('/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(BUNDLE);
  });

  it('sends unhashed files, the app shell and the page heads as no-cache', async () => {
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    for (const path of ['/', '/offers', '/blog']) {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('never serves source maps or the compressed copies by their own names', async () => {
    for (const path of ['/assets/index-abc.js.map', '/assets/index-abc.js.br', '/assets/index-abc.js.gz']) {
      const response = await get(path, 'br');
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret.ts');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
  });
});
