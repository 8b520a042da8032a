import { buildCallbackUrl, type EmulatorUser, signUp, verifyEmail } from '@playquid/scripts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, startBrowserStack } from '../support/browser';
import { PASSWORD, registeredMember, uniqueEmail } from '../support/members';
import { availableBecomes, balanceOf, bearer, makeAdmin } from '../support/money';
import { offerRowWhere } from '../support/offers';
import { eventually, type Stack, TEST_SECRET } from '../support/stack';

let setup: BrowserStack;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  setup = await startBrowserStack({ offers: true });
  ({ stack, browser } = setup);
});
afterAll(() => setup?.close());

/** Chrome on an Android phone, 390 px wide. */
const ANDROID_PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
};

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return page;
}

async function signedIn(path: '/login' | '/admin', user: EmulatorUser, landing: RegExp): Promise<Page> {
  const page = await newPage();
  await page.goto(`${stack.url}${path}`);
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(landing, { timeout: 20_000 });
  return page;
}

/** An active offer of the synced catalogue with an anchor shared by another offer, none featured yet. */
async function anchorGroup(): Promise<{ anchor: string; ids: string[]; title: string }> {
  const rows = await stack.db.selectFrom('offers').select(['id', 'anchor', 'title', 'featured']).where('status', '=', 'active').where('anchor', 'is not', null).execute();
  const groups = new Map<string, typeof rows>();
  for (const row of rows) groups.set(row.anchor!, [...(groups.get(row.anchor!) ?? []), row]);
  const [anchor, members] = [...groups].find(([, g]) => g.length > 1 && g.every((r) => !r.featured))!;
  return { anchor, ids: members.map((r) => r.id), title: members[0].title };
}

describe('offers, in the browser', () => {
  it('on an Android phone (390 px): one card per game, no iOS offers, no invented rating or player count, and paging', async () => {
    const context = await browser.newContext({ ...ANDROID_PHONE });
    const page = await context.newPage();
    await page.goto(`${stack.url}/offers`);
    const grid = page.getByTestId('offers-grid').getByTestId('offer-card');
    await expect.poll(() => grid.count(), { timeout: 20_000 }).toBe(12);
    const rows = await stack.db.selectFrom('offers').select(['id', 'anchor', 'device_platform']).where('status', '=', 'active').execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const games = (ids: string[]) => ids.map((id) => byId.get(id)!.anchor?.trim() || id);
    const shownIds = async () => (await grid.evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.offerId!)));
    const first = await shownIds();
    // One card per game, and only what an Android phone can play (Android or universal).
    expect(new Set(games(first)).size).toBe(12);
    expect(first.every((id) => [0, 1].includes(byId.get(id)!.device_platform))).toBe(true);
    // Nothing made up: no star rating, no 'N playing' (completions show only when members really completed one).
    const gridText = (await page.getByTestId('offers-grid').textContent())!;
    expect(gridText).not.toMatch(/\d+(\.\d+)?K?\s+playing|\brated\b|\brating\b/i);
    // The page is a page, not the whole catalogue in one column.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const pager = page.getByTestId('offers-pager');
    await pager.getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(async () => (await shownIds()).some((id) => first.includes(id)), { timeout: 20_000 }).toBe(false);
    const second = await shownIds();
    expect(second.length).toBeGreaterThan(0);
    expect(games(second).some((game) => games(first).includes(game))).toBe(false);
    await context.close();
  });

  it('a visitor browses the offers and an offer, and is sent to login on start', async () => {
    const page = await newPage();
    await page.goto(`${stack.url}/offers`);
    const cards = page.getByTestId('offers-grid').getByTestId('offer-card');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(12);
    await page.getByTestId('offers-search').fill('zzz-no-such-offer');
    await expect.poll(() => cards.count()).toBe(0);
    await page.getByTestId('offers-search').fill('');
    await expect.poll(() => cards.count()).toBe(12);

    await cards.first().click();
    await page.waitForURL(/\/offers\/[^/]+$/);
    const start = page.getByTestId('offer-start');
    await expect.poll(() => start.textContent(), { timeout: 20_000 }).toContain('Login to Start');
    await start.click();
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });

  it('a member starts an offer and lands on its tracking link', async () => {
    const member = await registeredMember(stack, { label: 'starter' });
    const page = await signedIn('/login', member, /\/dashboard$/);
    const offer = await stack.db.selectFrom('offers').select(['id', 'api_id']).where('status', '=', 'active').orderBy('id').executeTakeFirstOrThrow();
    await page.goto(`${stack.url}/offers/${offer.id}`);
    const start = page.getByTestId('offer-start');
    await expect.poll(() => start.isEnabled(), { timeout: 20_000 }).toBe(true);
    await start.click();
    await page.waitForURL((url) => url.href.startsWith(setup.standin!.url) && url.searchParams.get('uid') === member.uid, { timeout: 20_000 });
    expect(page.url()).toContain(`/click/${offer.api_id}`);
    await eventually(() => stack.db.selectFrom('offer_starts').select('id').where('uid', '=', member.uid).executeTakeFirst());
    await page.context().close();
  });

  it('an admin features an anchor group and visitors see it on the landing page', async () => {
    const admin = await registeredMember(stack, { label: 'offeradmin' });
    await makeAdmin(stack, admin);
    const group = await anchorGroup();
    const page = await signedIn('/admin', admin, /\/admin\/dashboard$/);
    await page.goto(`${stack.url}/admin/offers`);
    const row = page.locator(`[data-testid="admin-offer-row"][data-offer-id="${group.ids[0]}"]`);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await row.getByTestId('admin-offer-featured').click();
    for (const id of group.ids) await offerRowWhere(stack, id, (r) => r.featured === true);

    const visitor = await newPage();
    await visitor.goto(`${stack.url}/`);
    // The section loads as the visitor scrolls near it.
    await visitor.getByTestId('featured-challenges-slot').scrollIntoViewIfNeeded();
    const featured = visitor.getByTestId('featured-challenges');
    const links = group.ids.map((id) => `a[href="/offers/${id}"]`).join(', ');
    // One card per anchor group on the landing page (deduplicated), and it is this group's.
    await expect.poll(() => featured.locator(links).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await visitor.context().close();
    await page.context().close();
  });

  it('an admin reprocesses a failed callback and the member’s balance changes', async () => {
    const admin = await registeredMember(stack, { label: 'cbadmin' });
    await makeAdmin(stack, admin);
    // Credited before the member registered: processing fails with "Unknown member".
    const email = uniqueEmail('late');
    const late = await signUp(email, PASSWORD);
    const tx = `o-late-${late.uid}`;
    const signed = buildCallbackUrl({ uid: late.uid, amount: '1.10', tx, offerName: 'Gem Quest', baseUrl: stack.url!, secret: TEST_SECRET });
    expect((await fetch(signed)).status).toBe(200);
    await eventually(() => stack.db.selectFrom('callbacks').select('id').where('transaction_id', '=', tx).where('processing_error', 'is not', null).executeTakeFirst());

    const member = await verifyEmail(email, PASSWORD);
    await stack.http.post('/api/auth/register').set('authorization', bearer(member)).send({ email, gender: 'male' }).expect(200);
    await availableBecomes(stack, member, 200);

    const page = await signedIn('/admin', admin, /\/admin\/dashboard$/);
    await page.goto(`${stack.url}/admin/callbacks`);
    const row = page.getByTestId('callback-row').filter({ hasText: tx });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await row.getByTestId('callback-reprocess').click();
    await expect.poll(() => page.getByTestId('callbacks-message').textContent(), { timeout: 20_000 }).toBe('Callback reprocessed successfully!');
    await availableBecomes(stack, member, 310);
    expect((await balanceOf(stack, member)).available_amount).toBe(3.1);
    await page.context().close();
  });
});
