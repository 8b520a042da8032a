import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, startBrowserStack } from '../support/browser';
import type { Stack } from '../support/stack';


let setup: BrowserStack;
let stack: Stack;
let browser: Browser;
beforeAll(async () => {
  setup = await startBrowserStack({ offers: true });
  ({ stack, browser } = setup);
});
afterAll(() => setup?.close());

interface Head {
  title: string;
  titles: number;
  descriptions: number;
  robots?: string;
  canonical: string[];
  ogUrl?: string;
  jsonLd: string[];
  lang: string;
}
/** What a crawler running JavaScript would read from the head (evaluated in the page; this package has no DOM types). */
const HEAD_OF = `(() => ({
  title: document.title,
  titles: document.querySelectorAll('title').length,
  descriptions: document.querySelectorAll('meta[name="description"]').length,
  robots: document.querySelector('meta[name="robots"]')?.getAttribute('content'),
  canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
  ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
  jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent || '{}')['@type']),
  lang: document.documentElement.lang,
}))()`;
const headOf = (page: Page) => page.evaluate<Head>(HEAD_OF);

describe('page head in the browser', () => {
  it('follows client-side navigation with one set of tags', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${stack.url}/offers`);
    const cards = page.getByTestId('offer-card');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await headOf(page)).toMatchObject({ title: 'Gaming Offers | PlayQuid', titles: 1, descriptions: 1, robots: 'index,follow', canonical: [`${stack.url}/offers`], jsonLd: [], lang: 'en-GB' });

    await cards.first().click();
    await page.waitForURL(/\/offers\/[^/]+$/);
    const path = new URL(page.url()).pathname;
    const title = await stack.db.selectFrom('offers').select('title').where('id', '=', path.split('/')[2]).executeTakeFirstOrThrow();
    await expect.poll(async () => (await headOf(page)).title, { timeout: 30_000 }).toBe(`${title.title} | PlayQuid`);
    expect(await headOf(page)).toMatchObject({ titles: 1, descriptions: 1, canonical: [`${stack.url}${path}`], ogUrl: `${stack.url}${path}`, jsonLd: ['Offer'] });

    await page.getByRole('link', { name: 'Privacy Policy' }).first().click();
    await page.waitForURL(/\/privacy-policy$/);
    await expect.poll(() => headOf(page)).toMatchObject({ title: 'Privacy Policy | PlayQuid', titles: 1, canonical: [`${stack.url}/privacy-policy`], jsonLd: [] });
    await context.close();
  });

  it('an unknown path answers 404 with noindex, then the app sends the visitor home', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${stack.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    expect(await response?.text()).toContain('<meta data-seo name="robots" content="noindex,nofollow" />');
    await page.waitForURL(`${stack.url}/`);
    await expect.poll(() => headOf(page)).toMatchObject({ title: 'PlayQuid - Play Games, Earn Real Money', robots: 'index,follow', jsonLd: ['Organization'] });
    await context.close();
  });
});
