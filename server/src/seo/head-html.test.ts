import { blogPostMeta, headTags, notFoundMeta, offerMeta, routeMeta } from '@playquid/contracts';
import { describe, expect, it } from 'vitest';
import { escapeHtml, hasConsentHint, hasMemberHint, injectHead, injectShell, jsonForScript, renderHeadTags, routePreloadTags } from './head-html';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="generic" />
    <meta name="robots" content="index,follow" />
    <meta property="og:title" content="generic" />
    <meta name="twitter:card" content="summary_large_image" />
    <title>Generic</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const HOSTILE = `</title><script>alert(1)</script><img src=x onerror=alert(2)>"'&`;
const render = (meta: Parameters<typeof headTags>[0], path = '/') => injectHead(TEMPLATE, renderHeadTags(headTags(meta, 'https://playquid.test', path)), 'en-GB');
/** Every element the HTML parser would see: a hostile value must not add one. */
const tagNames = (html: string) => [...html.matchAll(/<([a-z]+)[\s>/]/gi)].map((m) => m[1].toLowerCase());

describe('page head HTML', () => {
  it('a title or description with </title><script> stays text', () => {
    const html = render(blogPostMeta({ slug: 'x', title: HOSTILE, description: HOSTILE, author: HOSTILE, image: `https://img.test/a.png"><script>alert(3)</script>` }), '/blog/x');
    const safe = render(blogPostMeta({ slug: 'x', title: 'Safe', description: 'Safe', author: 'Safe', image: 'https://img.test/a.png' }), '/blog/x');
    expect(tagNames(html)).toEqual(tagNames(safe));
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<title data-seo>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // One <title>, and the built script tag survives.
    expect(html.match(/<title\b/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
  });

  it('JSON-LD cannot close its script element', () => {
    const json = jsonForScript({ headline: '</script><script>alert(1)</script><!--', ls: '\u2028' });
    expect(json).not.toMatch(/[<>]/);
    expect(JSON.parse(json)).toEqual({ headline: '</script><script>alert(1)</script><!--', ls: '\u2028' });
    const html = render(offerMeta({ id: 'o"1', title: HOSTILE, description: HOSTILE, rewardPence: 150 }), '/offers/o1');
    const ld = html.match(/<script data-seo type="application\/ld\+json">([\s\S]*?)<\/script>/)![1];
    expect(JSON.parse(ld)).toMatchObject({ '@type': 'Offer', name: HOSTILE, url: 'https://playquid.test/offers/o%221' });
  });

  it('escapes every HTML special character in attributes', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
  });

  it('replaces the generic tags, sets lang and keeps the rest of the document', () => {
    const html = render(routeMeta('/'));
    expect(html).toContain('<html lang="en-GB">');
    expect(html).not.toContain('generic');
    expect(html).not.toContain('<title>Generic</title>');
    expect(html).toContain('<meta charset="UTF-8" />');
    expect(html).toContain('<link data-seo rel="canonical" href="https://playquid.test/" />');
    expect(html).toContain('<meta data-seo property="og:url" content="https://playquid.test/" />');
    expect(html).toContain('<link data-seo rel="alternate" hreflang="en-GB" href="https://playquid.test/" />');
    const ld = JSON.parse(html.match(/application\/ld\+json">([\s\S]*?)<\/script>/)![1]);
    expect(ld).toMatchObject({ '@type': 'Organization', name: 'PlayQuid', url: 'https://playquid.test/' });
  });

  it('a `$&` in a value is not expanded by the replacement', () => {
    const html = render({ ...notFoundMeta(), title: 'Cash $& $1 $$' });
    expect(html).toContain('<title data-seo>Cash $&amp; $1 $$</title>');
  });

  it('member, admin and not-found pages are noindex', () => {
    expect(render(routeMeta('/dashboard'))).toContain('<meta data-seo name="robots" content="noindex,nofollow" />');
    expect(render(routeMeta('/admin/users'))).toContain('content="noindex,nofollow"');
    expect(render(notFoundMeta())).toContain('content="noindex,nofollow"');
    expect(render(routeMeta('/offers'))).toContain('<meta data-seo name="robots" content="index,follow" />');
  });

  it("preloads the app's chunks and the page's own: the listed path's, else every other path's, and only asset scripts", () => {
    const preloads = {
      app: ['/assets/main-c3.js', '/assets/react-d4.js'],
      '/': ['/assets/routes-a1.js'],
      '*': ['/assets/query-b2.js', 'https://evil.test/x.js', '/assets/x.js"><script>'],
    };
    const link = (url: string) => `<link rel="modulepreload" crossorigin href="${url}">`;
    expect(routePreloadTags(preloads, '/')).toBe([link('/assets/main-c3.js'), link('/assets/react-d4.js'), link('/assets/routes-a1.js')].join('\n    '));
    expect(routePreloadTags(preloads, '/offers')).toBe([link('/assets/main-c3.js'), link('/assets/react-d4.js'), link('/assets/query-b2.js')].join('\n    '));
    expect(routePreloadTags({ '*': ['/assets/query-b2.js'] }, 'constructor')).toBe(link('/assets/query-b2.js'));
    expect(routePreloadTags({}, '/offers')).toBe('');
  });

  it('lists them instead on a page sent with its shell, for the entry to fetch once the shell has painted', () => {
    const preloads = { app: ['/assets/main-c3.js', 'https://evil.test/x.js'], '/': ['/assets/routes-a1.js'] };
    expect(routePreloadTags(preloads, '/', { withShell: true })).toBe('<meta name="pq-app-chunks" content="/assets/main-c3.js /assets/routes-a1.js">');
    expect(routePreloadTags({}, '/', { withShell: true })).toBe('');
  });

  it("puts the path's prerendered shell just before the app's root, and nothing for a path without one", () => {
    const shells = { pages: { '/': '<div class="flex">Play $& games</div>', '/blog': '<header>Blog</header>' }, consentBanner: '<section>We use cookies</section>' };
    expect(injectShell(TEMPLATE, shells, '/')).toContain('<body><div id="shell"><div class="flex">Play $& games</div></div><div id="root"></div></body>');
    expect(injectShell(TEMPLATE, shells, '/blog')).toContain('<div id="shell"><header>Blog</header></div><div id="root"></div>');
    expect(injectShell(TEMPLATE, shells, '/dashboard')).toBe(TEMPLATE);
    expect(injectShell(TEMPLATE, shells, 'constructor')).toBe(TEMPLATE);
    expect(injectShell(TEMPLATE, { pages: {} }, '/')).toBe(TEMPLATE);
  });

  it("adds the consent banner's shell after the app's root for a visitor who has not chosen, only with a page shell", () => {
    const shells = { pages: { '/': '<h1>Play</h1>' }, consentBanner: '<section>We use cookies</section>' };
    expect(injectShell(TEMPLATE, shells, '/', { consentBanner: true })).toContain(
      '<div id="shell"><h1>Play</h1></div><div id="root"></div><div id="shell-consent" inert><section>We use cookies</section></div></body>',
    );
    expect(injectShell(TEMPLATE, shells, '/', { consentBanner: false })).not.toContain('shell-consent');
    expect(injectShell(TEMPLATE, shells, '/login', { consentBanner: true })).toBe(TEMPLATE);
    expect(injectShell(TEMPLATE, { pages: shells.pages }, '/', { consentBanner: true })).not.toContain('shell-consent');
  });

  it('reads the hint cookies among others, and only their "1"', () => {
    expect(hasConsentHint('a=b; pq_consent=1')).toBe(true);
    expect(hasConsentHint('pq_member=1')).toBe(false);
    expect(hasConsentHint('pq_consent=0')).toBe(false);
    expect(hasMemberHint('pq_member=1')).toBe(true);
    expect(hasMemberHint('a=b; pq_member=1; c=d')).toBe(true);
    expect(hasMemberHint('pq_member=0')).toBe(false);
    expect(hasMemberHint('xpq_member=1')).toBe(false);
    expect(hasMemberHint(undefined)).toBe(false);
  });
});
