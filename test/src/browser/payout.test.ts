import { PAYOUT_REQUESTED_MESSAGE } from '@playquid/contracts';
import { buildCallbackUrl, type EmulatorUser } from '@playquid/scripts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, startBrowserStack } from '../support/browser';
import { PASSWORD, registeredMember } from '../support/members';
import { availableBecomes, makeAdmin } from '../support/money';
import { projectionsPassHead, type Stack, TEST_SECRET } from '../support/stack';

let setup: BrowserStack;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  setup = await startBrowserStack();
  ({ stack, browser } = setup);
});
afterAll(() => setup?.close());

async function signInAt(path: '/login' | '/admin', user: EmulatorUser, landing: RegExp, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`${stack.url}${path}`);
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(landing, { timeout: 20_000 });
  return page;
}

async function callback(uid: string, amount: string, tx: string, offerName: string) {
  const signed = buildCallbackUrl({ uid, amount, tx, offerName, baseUrl: stack.url!, secret: TEST_SECRET });
  expect((await fetch(signed)).status).toBe(200);
}

// Concurrent: each test signs in its own member in its own browser context, and the idle
// dashboard's 30 s watch overlaps the other two instead of adding 30 s to the suite.
describe.concurrent('earning and cashing out, in the browser', () => {
  it('a member holding only the locked £2 bonus sees one withdrawable figure, £0.00, on every screen, the bonus as locked, and no request, at 390 and 1440 px', async ({
    expect,
  }) => {
    const member = await registeredMember(stack, { label: 'bonusonly' });
    await availableBecomes(stack, member, 200);
    const page = await signInAt('/login', member, /\/dashboard$/, 390);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${stack.url}/dashboard`);
      await expect.poll(() => page.getByTestId('dashboard-available-balance').textContent(), { timeout: 20_000 }).toBe('£0.00');
      expect(await page.getByTestId('dashboard-balance-available').textContent()).toBe('£0.00');
      expect(await page.getByTestId('dashboard-balance-locked').textContent()).toBe('£2.00');
      expect(await page.getByTestId('quick-payout').getAttribute('aria-disabled')).toBe('true');
      expect(await page.getByTestId('quick-payout').textContent()).toContain('Your bonus unlocks with your first approved offer');

      await page.goto(`${stack.url}/payments`);
      await expect.poll(() => page.getByTestId('payments-available').textContent(), { timeout: 20_000 }).toBe('£0.00');
      expect(await page.getByTestId('payout-amount').textContent()).toBe('£0.00');
      expect(await page.getByTestId('payout-locked-bonus').textContent()).toContain('£2.00');
      expect(await page.getByRole('button', { name: 'Send Reward Email' }).isDisabled()).toBe(true);
      // Nowhere on the page is the locked bonus offered as available for payout.
      expect(await page.getByTestId('payments-available').locator('..').textContent()).toContain(
        'bonus locked until your first offer is approved',
      );

      await page.goto(`${stack.url}/profile`);
      await expect
        .poll(() => page.getByTestId('profile-balance').textContent(), { timeout: 20_000 })
        .toContain('Available for Payout£0.00');
      expect(await page.getByTestId('profile-balance').textContent()).toContain('Locked bonus£2.00');
    }
    await page.context().close();
  });

  it(
    'an idle signed-in dashboard with the live stream open asks the API nothing for 30 s, and still shows a credit as it lands',
    { timeout: 90_000 },
    async ({ expect }) => {
      const member = await registeredMember(stack, { label: 'idle' });
      await availableBecomes(stack, member, 200);
      const page = await signInAt('/login', member, /\/dashboard$/, 390);
      // What signing in and the bonus wrote is projected (and announced) before the stream below
      // opens, so no commit of the member's made earlier can reach it during the idle window.
      await projectionsPassHead(stack);
      // The page signing in opens its own stream once its dashboard has loaded, which on a busy machine
      // can be after the listeners below are attached: leave it first, so only the page under test counts.
      await page.goto('about:blank');
      const apiRequests: string[] = [];
      const inFlight = new Set<unknown>();
      const isApi = (url: string) => new URL(url).pathname.startsWith('/api/') && new URL(url).pathname !== '/api/users/events';
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!url.pathname.startsWith('/api/')) return;
        apiRequests.push(url.pathname);
        if (isApi(request.url())) inFlight.add(request);
      });
      const settled = (request: unknown) => void inFlight.delete(request);
      page.on('requestfinished', settled);
      page.on('requestfailed', settled);
      const opened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/users/events', { timeout: 20_000 });
      await page.goto(`${stack.url}/dashboard`);
      await opened;
      // The stream's opening refetches the wallet figures once; the page is idle when those are back.
      const openedAt = apiRequests.length;
      await expect
        .poll(() => apiRequests.slice(openedAt).includes('/api/users/balance') && inFlight.size === 0, { timeout: 20_000 })
        .toBe(true);
      expect(await page.getByTestId('dashboard-available-balance').textContent()).toBe('£0.00');
      // Whatever loading the dashboard wrote is projected and announced too, and its refetches are back,
      // before the idle window starts.
      await projectionsPassHead(stack);
      // A commit announced just now reaches the page a moment later: the page is idle once no request
      // has started for 2 s and none is in flight.
      let seen = -1;
      let quietSince = Date.now();
      await expect
        .poll(
          () => {
            if (apiRequests.length !== seen || inFlight.size > 0) [seen, quietSince] = [apiRequests.length, Date.now()];
            return Date.now() - quietSince >= 2_000;
          },
          { timeout: 30_000, interval: 100 },
        )
        .toBe(true);
      const before = apiRequests.length;
      // The measure: an idle dashboard over 30 s makes no periodic request (no polling while
      // the stream is open; the server's heartbeats arrive on the open stream).
      await page.waitForTimeout(30_000);
      expect(apiRequests.slice(before)).toEqual([]);

      // The stream is alive: a credit reaches the open page, which then reads its figures again.
      await callback(member.uid, '1.00', `o-idle-${member.uid}`, 'Dragon Clash');
      await expect.poll(() => page.getByTestId('dashboard-available-balance').textContent(), { timeout: 10_000 }).toBe('£3.00');
      expect(apiRequests.slice(before)).toContain('/api/users/balance');
      expect(apiRequests.filter((path) => path === '/api/users/events')).toHaveLength(1);
      await page.context().close();
    },
  );

  it('a member earns, requests a payout, an admin marks it paid, and the member sees it completed', async ({ expect }) => {
    const member = await registeredMember(stack, { label: 'payer' });
    const admin = await registeredMember(stack, { label: 'payadmin' });
    await makeAdmin(stack, admin);

    const page = await signInAt('/login', member, /\/dashboard$/);
    await callback(member.uid, '1.25', `o-b-1-${member.uid}`, 'Dragon Clash');
    await callback(member.uid, '0.60', `o-b-2-${member.uid}`, 'Merge Kingdom');
    await availableBecomes(stack, member, 385);
    await expect.poll(() => page.getByTestId('dashboard-available-balance').textContent(), { timeout: 20_000 }).toContain('£3.85');

    await page.goto(`${stack.url}/earnings`);
    // Cards on mobile, a table on desktop: look at what is on screen.
    await expect.poll(() => page.locator('text=Dragon Clash >> visible=true').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator('text=Merge Kingdom >> visible=true').count()).toBeGreaterThan(0);

    await page.goto(`${stack.url}/payments`);
    await expect.poll(() => page.getByTestId('payout-amount').textContent(), { timeout: 20_000 }).toContain('£3.85');
    await page.getByRole('button', { name: 'Send Reward Email' }).click();
    await expect.poll(() => page.getByText(PAYOUT_REQUESTED_MESSAGE).isVisible(), { timeout: 20_000 }).toBe(true);
    // The history tab opens by itself after 2 s and shows the request.
    await expect.poll(() => page.getByTestId('payout-status').first().textContent(), { timeout: 20_000 }).toContain('Pending');

    const adminPage = await signInAt('/admin', admin, /\/admin\/dashboard$/);
    await adminPage.goto(`${stack.url}/admin/payouts`);
    const row = adminPage.getByTestId('admin-payout-row').filter({ hasText: member.email });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await row.getByRole('button', { name: 'Process' }).click();
    const markAsPaid = adminPage.getByRole('button', { name: 'Mark as Paid' });
    expect(await markAsPaid.isDisabled()).toBe(true);
    await adminPage.getByLabel('Reward Reference').fill('BANK-BROWSER-42');
    await markAsPaid.click();
    await expect.poll(() => adminPage.getByText(/processed successfully!/).isVisible(), { timeout: 20_000 }).toBe(true);

    await page.goto(`${stack.url}/payments?tab=history`);
    await expect.poll(() => page.getByTestId('payout-status').first().textContent(), { timeout: 20_000 }).toContain('Completed');
    await expect.poll(() => page.getByTestId('payout-row').first().textContent()).toContain('£3.85');
    await adminPage.context().close();
    await page.context().close();
  });
});
