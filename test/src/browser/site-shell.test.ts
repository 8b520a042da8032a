import { buildCallbackUrl, oobCodes, signUp } from '@playquid/scripts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, startBrowserStack } from '../support/browser';
import { PASSWORD, registeredMember, uniqueEmail } from '../support/members';
import { bearer, makeAdmin } from '../support/money';
import { eventually, type Stack, TEST_SECRET } from '../support/stack';

let setup: BrowserStack;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  setup = await startBrowserStack({ offers: true });
  ({ stack, browser } = setup);
});
afterAll(() => setup?.close());

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`${stack.url}${path}`);
  return page;
}

/** The page views gtag recorded in window.dataLayer, as paths. */
const pageViews = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter(([kind, name]) => kind === 'event' && name === 'page_view')
      .map(([, , params]) => (params as { page_path: string }).page_path),
  );

/** Consent already given, so the banner does not sit over what a test clicks. */
const withConsent = (context: BrowserContext) =>
  context.addInitScript(() =>
    localStorage.setItem(
      'playquid_cookie_consent',
      JSON.stringify({ version: 1, choices: { essential: true, analytics: false, marketing: false, functional: false }, decided_at: new Date().toISOString() }),
    ),
  );

describe("a visitor's first paint: the prerendered shell of /, /offers and /blog", () => {
  // /blog as a visitor finds it, with posts (an empty list is a shorter page than its placeholders).
  beforeAll(async () => {
    const admin = await registeredMember(stack, { label: 'shell-posts' });
    await makeAdmin(stack, admin);
    for (const n of [1, 2, 3]) {
      const response = await fetch(`${stack.url}/api/admin/blogs`, {
        method: 'POST',
        headers: { authorization: bearer(admin), 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Earning guide ${n}`, preview: 'Our picks for this month.', content: '<p>Play these.</p>', is_published: true }),
      });
      expect(response.status).toBe(201);
    }
    await eventually(async () => ((await stack.db.selectFrom('blogs').select('id').where('is_published', '=', true).execute()).length >= 3 ? true : undefined));
  });

  /** Where the navbar, the page's heading and lead text and the calls to action sit, in the shell or in the app. */
  const layout = (page: Page) =>
    page.evaluate(() => {
      const box = (selector: string) => {
        const element = document.querySelector(`#shell ${selector}`) ?? document.querySelector(`#root ${selector}`);
        if (!element) return null;
        const { x, y, width, height } = element.getBoundingClientRect();
        return [x, y, width, height].map(Math.round);
      };
      return {
        nav: box('nav[aria-label="Main"]'),
        heading: box('main h1'),
        lead: box('main h1 ~ p'),
        signUp: box('[data-testid="nav-signup"]'),
        start: box('[data-testid="landing-start"]'),
      };
    });

  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ]) {
    it(`paints before any script has run, and the app takes its place with the same layout, no shift (${width} px)`, async () => {
      for (const path of ['/', '/offers', '/blog']) {
        // Without JavaScript: the shell alone. Loaded twice, so the fonts come from the cache, as
        // they do for the page with its script below (one context): font-display optional would
        // otherwise draw one of the two in the fallback font whenever a font misses its 100 ms.
        const context = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
        await withConsent(context);
        const page = await context.newPage();
        await context.route('**/*.js', (route) => route.abort());
        for (const _ of [1, 2]) await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
        expect(await page.locator('#shell h1').isVisible()).toBe(true);
        expect(await page.locator('#root').isVisible()).toBe(false);
        const shell = await layout(page);
        await context.unrouteAll();

        // When the shell goes: the shifts up to then and just after are the hand-over's (later ones,
        // as data arrives, are the page's own: bench:web measures the whole load's).
        await page.addInitScript(() => {
          const watch = new MutationObserver(() => {
            if (document.readyState === 'loading' || document.getElementById('shell')) return;
            (window as unknown as { shellGone: number }).shellGone = performance.now();
            watch.disconnect();
          });
          watch.observe(document, { childList: true, subtree: true });
        });
        const problems: string[] = [];
        // (An offer icon or post image the closed test network cannot reach is not the page's doing.)
        page.on('console', (message) => {
          if (['error', 'warning'].includes(message.type()) && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
        await page.locator('#shell').waitFor({ state: 'detached' });
        expect(await page.locator('h1').count()).toBe(1);
        expect(await layout(page), path).toEqual(shell);
        const shifts = await page.evaluate(
          () =>
            new Promise<{ sum: number; found: string[] }>((done) => {
              const found: string[] = [];
              let sum = 0;
              const handedOver = (window as unknown as { shellGone: number }).shellGone;
              new PerformanceObserver((list) => {
                type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> };
                for (const entry of list.getEntries() as Shift[]) {
                  if (entry.hadRecentInput || entry.startTime > handedOver + 100) continue;
                  sum += entry.value;
                  const moved = entry.sources.map(({ node, previousRect: a, currentRect: b }) => `${(node as Element | undefined)?.outerHTML?.slice(0, 80)} y ${a.y} -> ${b.y}`);
                  found.push(`${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
                }
              }).observe({ type: 'layout-shift', buffered: true });
              setTimeout(() => done({ sum, found }), 100);
            }),
        );
        expect(shifts.sum, `${path}: ${shifts.found.join('\n')}`).toBeLessThan(0.01);
        expect(problems).toEqual([]);
        await context.close();
      }
    });
  }

  it('a member (the hint cookie the app sets on sign-in) gets no visitor shell, and the app preloaded instead', async () => {
    const visitor = await (await fetch(`${stack.url}/`)).text();
    expect(visitor).toContain('<div id="shell">');
    expect(visitor).not.toContain('rel="modulepreload"');
    expect(visitor).toMatch(/<meta name="pq-app-chunks" content="(\/assets\/[\w.-]+\.js ?)+">/);
    const member = await (await fetch(`${stack.url}/`, { headers: { cookie: 'pq_member=1' } })).text();
    expect(member).not.toContain('id="shell"');
    expect(member).toContain('<div id="root"></div>');
    expect(member).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/react-[\w-]+\.js">/);
  });

  it("an undecided visitor: the page and its consent banner paint before any of the app's script is fetched; the app's banner then takes the shell's place", async () => {
    const html = await (await fetch(`${stack.url}/offers`)).text();
    expect(html).toContain('<div id="shell-consent" inert>');
    const chosen = await (await fetch(`${stack.url}/offers`, { headers: { cookie: 'a=b; pq_consent=1' } })).text();
    expect(chosen).not.toContain('shell-consent');

    const context = await browser.newContext(PHONE);
    const page = await open(context, '/offers');
    // The app's banner (the shell's carries no test ids).
    await page.getByTestId('cookie-banner').waitFor();
    expect(await page.locator('#shell-consent').count()).toBe(0);
    const timing = await page.evaluate(async () => {
      // Largest-paint entries are only observed (buffered), not listed.
      const paints = await new Promise<PerformanceEntryList>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true }),
      );
      const scripts = performance.getEntriesByType('resource').filter((entry) => /\/assets\/(react|tanstack|public)-[\w-]+\.js$/.test(entry.name));
      return {
        contentfulPaint: performance.getEntriesByName('first-contentful-paint')[0].startTime,
        largestPaint: Math.max(...paints.map((entry) => entry.startTime)),
        scripts: scripts.length,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
      };
    });
    expect(timing.scripts).toBeGreaterThanOrEqual(3);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.contentfulPaint);
    // Nothing the app draws later is larger than what the shell drew.
    expect(timing.largestPaint).toBeLessThanOrEqual(timing.firstScript);

    // The choice is remembered for the server too: the next page comes without the banner.
    await page.getByTestId('cookie-essential').click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    expect((await context.cookies()).find((cookie) => cookie.name === 'pq_consent')?.value).toBe('1');
    await page.goto(`${stack.url}/blog`);
    await page.getByTestId('nav-signup').waitFor();
    expect(await page.locator('#shell-consent, [data-testid="cookie-banner"]').count()).toBe(0);
    await context.close();
  });
});

describe('a visitor on a 390 px phone', () => {
  it('opens the menu over the whole screen and reaches every link; it closes on link click, outside click and at 768 px', async () => {
    const context = await browser.newContext(PHONE);
    await withConsent(context);
    const page = await open(context, '/');
    const toggle = page.getByTestId('nav-menu-toggle');
    const menu = page.getByTestId('nav-mobile-menu');

    const targets: Array<[label: string, path: RegExp]> = [
      ['Blog', /\/blog$/],
      ['Gaming Offers', /\/offers$/],
      ['Log in', /\/login$/],
      ['Sign Up', /\/signup$/],
      ['Back to Home', /\/$/],
    ];
    for (const [label, path] of targets) {
      await toggle.click();
      await menu.waitFor({ state: 'visible' });
      // Not clipped by the header any more: the overlay fills the screen below the bar.
      const box = (await menu.boundingBox())!;
      expect(box.height).toBeGreaterThan(700);
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
      const link = menu.getByRole('link', { name: label, exact: true });
      expect(await link.isVisible()).toBe(true);
      await link.click();
      await page.waitForURL(path);
      await menu.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    }

    await toggle.click();
    await menu.waitFor({ state: 'visible' });
    await page.mouse.click(200, 820); // the dimmed page below the panel
    await menu.waitFor({ state: 'detached' });

    await toggle.click();
    await menu.waitFor({ state: 'visible' });
    await page.setViewportSize({ width: 800, height: 844 });
    await menu.waitFor({ state: 'detached' });
    await context.close();
  });

  it('sees the verification screen right after signing up and can resend the email', async () => {
    const context = await browser.newContext(PHONE);
    await withConsent(context);
    const page = await open(context, '/signup');
    const email = uniqueEmail('shell-signup');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill('shell-pass-1');
    await page.getByTestId('signup-confirm').fill('shell-pass-1');
    await page.getByTestId('signup-gender-female').check();
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('verify-email').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('verify-email').textContent()).toContain(email);

    const before = (await oobCodes()).filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').length;
    await page.getByTestId('verify-resend').click();
    await expect
      .poll(() => page.getByTestId('verify-message').textContent(), { timeout: 10_000 })
      .toBe('Verification email sent! Please check your inbox and spam folder.');
    expect((await oobCodes()).filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').length).toBe(before + 1);
    await context.close();
  });
});

describe('signing in unverified, the money animation, Google sign-in', () => {
  it('an unverified member signing in is told to verify and offered to resend the email, which is sent', async () => {
    const email = uniqueEmail('unverified');
    await signUp(email, PASSWORD);
    const context = await browser.newContext(PHONE);
    await withConsent(context);
    const page = await open(context, '/login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.getByTestId('auth-message').textContent(), { timeout: 20_000 })
      .toBe('Please verify your email before signing in. Check your email inbox and click the verification link.');
    const sent = async () => (await oobCodes()).filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').length;
    const before = await sent();
    await page.getByTestId('login-resend-verification').click();
    await expect
      .poll(() => page.getByTestId('auth-message').textContent(), { timeout: 20_000 })
      .toBe('Verification email sent! Please check your inbox and spam folder.');
    expect(await sent()).toBe(before + 1);
    // Still signed out, on the login screen.
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByTestId('nav-signup').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('the money animation paints under the cookie panel and the page text, never over them', async () => {
    const context = await browser.newContext(PHONE);
    const page = await open(context, '/');
    await page.getByTestId('cookie-banner').waitFor();
    await page.getByTestId('cash-cannon').waitFor({ state: 'attached' });
    // Make the animation's layer hit-testable everywhere: whatever the browser hits first is what paints on top.
    const hits = await page.evaluate(() => {
      const layer = document.querySelector<HTMLElement>('[data-testid="cash-cannon"]')!;
      const cover = document.createElement('span');
      cover.style.cssText = 'position:absolute;inset:0;pointer-events:auto';
      layer.style.pointerEvents = 'auto';
      layer.appendChild(cover);
      const at = (selector: string) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit === null ? 'nothing' : layer.contains(hit) ? 'animation' : 'content';
      };
      return { banner: at('[data-testid="cookie-banner"]'), heading: at('h1'), start: at('[data-testid="landing-start"]') };
    });
    expect(hits).toEqual({ banner: 'content', heading: 'content', start: 'content' });
    await context.close();
  });

  it('Google sign-in: no Google script on the page until the visitor chooses it; then the popup opens on the Auth emulator, and COOP lets it report back', async () => {
    // An Android phone: Firebase's default resolver would load Google's helper on every page load there.
    const context = await browser.newContext({
      ...PHONE,
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    });
    await withConsent(context);
    const google: string[] = [];
    // This closed network has no route to Google. The SDK loads Google's iframe helper (gapi) even
    // against the emulator: record every Google request and answer the helper with a minimal
    // stand-in, so the flow goes on to open the emulator's sign-in popup.
    await context.route(/https:\/\/(apis|accounts|www)\.google(apis)?\.com\//, (route) => {
      const url = new URL(route.request().url());
      google.push(url.href);
      if (url.pathname !== '/js/api.js') return route.abort();
      const onload = url.searchParams.get('onload') ?? '';
      const body = `window.gapi = { load: (name, options) => options.callback(), iframes: { CROSS_ORIGIN_IFRAMES_FILTER: {},
        getContext: () => ({ open: (params, ready) => ready({ restyle: async () => undefined, ping: (done) => { done(); return Promise.resolve(); },
          register: () => undefined, send: () => undefined }) }) } }; window[${JSON.stringify(onload)}]();`;
      return route.fulfill({ contentType: 'text/javascript', body });
    });
    const page = await context.newPage();
    const response = await page.goto(`${stack.url}/`);
    expect(response!.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    await page.getByTestId('nav-signup').waitFor();
    await page.goto(`${stack.url}/login`);
    await page.getByTestId('auth-google').waitFor();
    expect(google).toEqual([]);

    const popup = context.waitForEvent('page', { timeout: 20_000 });
    await page.getByTestId('auth-google').click();
    // The choice loads Google's helper, then opens the emulator's Google sign-in popup.
    const opened = await popup;
    await opened.waitForURL(/\/emulator\/auth\/handler/, { timeout: 20_000 });
    expect(new URL(opened.url()).searchParams.get('providerId')).toBe('google.com');
    expect(google.some((url) => url.startsWith('https://apis.google.com/js/api.js'))).toBe(true);
    // The opener keeps its handle on the popup (COOP same-origin-allow-popups): the SDK can watch and close it.
    expect(await page.evaluate(() => document.readyState)).toBe('complete');
    await context.close();
  });
});

describe('cookie consent', () => {
  it('Customize: analytics on is kept across reloads and page views follow every route change, never before', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await open(context, '/contact');
    const externalScripts: string[] = [];
    page.on('request', (request) => request.url().includes('googletagmanager') && externalScripts.push(request.url()));

    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    for (const text of ['Accept All Cookies', 'Essential Only', 'Customize', 'Cookie Policy']) expect(await banner.textContent()).toContain(text);
    // Navigating while undecided sends nothing.
    await page.getByRole('link', { name: 'Gaming Offers' }).first().click();
    await page.waitForURL(/\/offers$/);
    expect(await pageViews(page)).toEqual([]);

    await page.getByTestId('cookie-customize').click();
    const panel = page.getByTestId('cookie-preferences');
    for (const text of ['Essential', 'Analytics', 'Marketing', 'Functional', 'Save Preferences', 'Accept All']) expect(await panel.textContent()).toContain(text);
    expect(await page.getByTestId('cookie-toggle-essential').isDisabled()).toBe(true);
    await page.getByTestId('cookie-toggle-analytics').check();
    await page.getByTestId('cookie-save').click();
    await banner.waitFor({ state: 'detached' });
    // The page being read when consent arrived counts as viewed.
    expect(await pageViews(page)).toEqual(['/offers']);

    await page.reload();
    await page.getByTestId('nav-signup').waitFor();
    expect(await banner.count()).toBe(0);
    await expect.poll(() => pageViews(page)).toEqual(['/offers']);
    await page.getByRole('link', { name: 'Blog' }).first().click();
    await page.waitForURL(/\/blog$/);
    await expect.poll(() => pageViews(page)).toEqual(['/offers', '/blog']);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('playquid_cookie_consent')))!);
    expect(stored.choices).toEqual({ essential: true, analytics: true, marketing: false, functional: false });
    // No measurement id configured: nothing is fetched from Google.
    expect(externalScripts).toEqual([]);
    await context.close();
  });

  it('Essential Only is kept across reloads and no page view is ever sent', async () => {
    const context = await browser.newContext(PHONE);
    const page = await open(context, '/');
    await page.getByTestId('cookie-essential').click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('nav-signup').waitFor();
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    await page.goto(`${stack.url}/contact`);
    await page.getByTestId('faq').waitFor();
    expect(await pageViews(page)).toEqual([]);

    // The cookie policy's Cookie settings reopens the choice; turning analytics on starts page views.
    await page.goto(`${stack.url}/cookie-policy`);
    await page.getByTestId('cookie-settings').click();
    expect(await page.getByTestId('cookie-toggle-analytics').isChecked()).toBe(false);
    await page.getByTestId('cookie-toggle-analytics').check();
    await page.getByTestId('cookie-save').click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    expect(await pageViews(page)).toEqual(['/cookie-policy']);
    await context.close();
  });
});

describe('contact FAQ', () => {
  it('opens one answer at a time, with the support facts', async () => {
    const context = await browser.newContext(PHONE);
    await withConsent(context);
    const page = await open(context, '/contact');
    const faq = page.getByTestId('faq');
    for (const group of ['Getting Started', 'Payments & Cashback', 'Account & Security', 'Technical Support']) expect(await faq.textContent()).toContain(group);
    const questions = page.getByTestId('faq-question');
    await questions.filter({ hasText: 'minimum payout' }).click();
    await expect.poll(() => page.locator('[data-testid="faq-answer"]:visible').allTextContents()).toEqual([
      'You can cash out your whole available balance once it reaches £0.79.',
    ]);
    await questions.filter({ hasText: 'missing or wrong' }).click();
    const shown = await page.locator('[data-testid="faq-answer"]:visible').allTextContents();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('within 14 days');
    await questions.filter({ hasText: 'When does support reply' }).click();
    expect(await page.locator('[data-testid="faq-answer"]:visible').allTextContents()).toEqual([
      'Within 24-48 hours. Our team works Monday to Friday, 9:00-18:00 GMT.',
    ]);
    await context.close();
  });
});

describe('the member dashboard', () => {
  it('shows 4 featured offers (View All), the welcome overlay lists up to 3, and their icons load under the CSP', async () => {
    const admin = await registeredMember(stack, { label: 'shell-admin' });
    await makeAdmin(stack, admin);
    const rows = await stack.db.selectFrom('offers').select(['id', 'anchor']).where('status', '=', 'active').where('anchor', 'is not', null).execute();
    for (const anchor of [...new Set(rows.map((row) => row.anchor))].slice(0, 6)) {
      const id = rows.find((row) => row.anchor === anchor)!.id;
      await stack.http.put(`/api/admin/offers/${id}/featured?featured=true`).set('authorization', bearer(admin)).expect(200);
    }
    const member = await registeredMember(stack, { label: 'shell-member' });
    const credit = buildCallbackUrl({ uid: member.uid, amount: '1.00', tx: `shell-${member.uid}`, baseUrl: stack.url!, secret: TEST_SECRET });
    expect((await fetch(credit)).status).toBe(200);

    const context = await browser.newContext(DESKTOP);
    await withConsent(context);
    const page = await open(context, '/login');
    const violations: string[] = [];
    page.on('console', (message) => message.text().includes('Content Security Policy') && violations.push(message.text()));
    await page.getByTestId('login-email').fill(member.email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });

    // Created today: the welcome overlay, with up to three of the featured offers.
    const welcomeOffers = page.getByTestId('welcome-offers').getByRole('link');
    await expect.poll(() => welcomeOffers.count(), { timeout: 20_000 }).toBe(3);
    await page.getByRole('button', { name: 'Go to my dashboard' }).click();

    const featured = page.getByTestId('dashboard-featured-offer');
    await expect.poll(() => featured.count(), { timeout: 20_000 }).toBe(4);
    const icons = page.getByTestId('dashboard-featured-offers').locator('img');
    await expect.poll(() => icons.evaluateAll((images) => images.length > 0 && images.every((img) => (img as HTMLImageElement).naturalWidth > 0)), { timeout: 10_000 }).toBe(true);
    expect(violations).toEqual([]);
    // Total Earned: the £2 bonus and the £1 credit.
    expect(await page.getByTestId('dashboard-total-earned').textContent()).toBe('£3.00');

    await page.getByTestId('dashboard-featured-offers').getByRole('link', { name: /View All/ }).click();
    await page.waitForURL(/\/offers$/);
    await context.close();
  });
});
