import { ACCOUNT_SUSPENDED_MESSAGE } from '@playquid/contracts';
import type { EmulatorUser } from '@playquid/scripts';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, startBrowserStack } from '../support/browser';
import { PASSWORD, registeredMember } from '../support/members';
import { makeAdmin } from '../support/money';
import { eventually, type Stack } from '../support/stack';

const DISABLED_LOGIN_MESSAGE = 'This account has been disabled. Please contact support.';
/** Set to a folder to also save screenshots of the console at desktop and phone widths. */
const SHOTS = process.env.ADMIN_USERS_SHOTS_DIR;

let setup: BrowserStack;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  setup = await startBrowserStack();
  ({ stack, browser } = setup);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => setup?.close());

async function signInAt(path: '/login' | '/admin', user: EmulatorUser, landing: RegExp, width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  // A missing element fails the step with its name instead of hanging until the test times out.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`${stack.url}${path}`);
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(landing, { timeout: 20_000 });
  // The cookie banner sits over the bottom of the page; this test is not about it.
  const essential = page.getByRole('button', { name: 'Essential Only' });
  if (await essential.isVisible().catch(() => false)) await essential.click();
  // A new member's dashboard then greets them with the welcome overlay; close it as they would.
  const closeWelcome = page.getByRole('button', { name: 'Close welcome message' });
  if (await closeWelcome.waitFor({ timeout: 3_000 }).then(() => true, () => false)) await closeWelcome.click();
  return page;
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe('admin users console, in the browser', () => {
  it('an admin bans a member with a reason; the member is refused, told why, and cannot sign in again', async () => {
    const admin = await registeredMember(stack, { label: 'console-admin' });
    await makeAdmin(stack, admin);
    const member = await registeredMember(stack, { label: 'to-be-banned' });
    for (let i = 0; i < 3; i++) await registeredMember(stack, { label: `bystander${i}` });

    const memberPage = await signInAt('/login', member, /\/dashboard$/);
    const adminPage = await signInAt('/admin', admin, /\/admin\/dashboard$/);
    await adminPage.goto(`${stack.url}/admin/users`);
    await expect.poll(() => adminPage.getByTestId('admin-user-row').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    await shot(adminPage, 'admin-users-1440');

    // The search waits for typing to pause, then filters on the server.
    await adminPage.getByTestId('admin-users-search').fill(member.email.slice(0, 18));
    await expect.poll(() => adminPage.getByTestId('admin-user-row').count(), { timeout: 20_000 }).toBe(1);
    expect(adminPage.url()).toContain('search=');
    const row = adminPage.getByTestId('admin-user-row').filter({ hasText: member.email });

    // The view shows the member's profile and money.
    await row.getByTestId('user-view').click();
    const view = adminPage.getByTestId('view-user-modal');
    await expect.poll(() => view.getByTestId('view-balance').textContent(), { timeout: 20_000 }).toContain('£2.00');
    await shot(adminPage, 'admin-users-view-1440');
    await view.getByRole('button', { name: 'Close' }).click();

    await row.getByTestId('user-ban').click();
    const modal = adminPage.getByTestId('ban-user-modal');
    await modal.getByTestId('ban-confirm').click();
    await expect.poll(() => modal.textContent()).toContain('Please give a reason for the ban');
    await modal.getByTestId('ban-reason').fill('Chargeback fraud on three offers');
    await shot(adminPage, 'admin-users-ban-1440');
    await modal.getByTestId('ban-confirm').click();
    // isVisible does not wait: the message shows for 5 s, and the poll must not sleep through it.
    await expect.poll(() => adminPage.getByTestId('admin-users-message').filter({ hasText: 'has been banned' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => row.textContent()).toContain('Banned');
    await eventually(async () => ((await stack.db.selectFrom('users').select('is_banned').where('uid', '=', member.uid).executeTakeFirst())?.is_banned ? true : undefined));

    // The member's next API call with the token they hold is refused with the reason.
    const refused = await fetch(`${stack.url}/api/users/balance`, { headers: { authorization: `Bearer ${member.idToken}` } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(ACCOUNT_SUSPENDED_MESSAGE);

    // In the app, the next call fails too and every page says why.
    await memberPage.getByRole('link', { name: 'Earnings' }).first().click();
    await expect.poll(() => memberPage.getByTestId('account-suspended').textContent(), { timeout: 20_000 }).toContain(ACCOUNT_SUSPENDED_MESSAGE);
    await shot(memberPage, 'member-suspended-1440');

    // Signing in again shows the spec's disabled-account message.
    await memberPage.goto(`${stack.url}/login`);
    await memberPage.getByTestId('login-email').fill(member.email);
    await memberPage.getByTestId('login-password').fill(PASSWORD);
    await memberPage.getByTestId('login-submit').click();
    await expect.poll(() => memberPage.getByTestId('auth-message').textContent(), { timeout: 20_000 }).toContain(DISABLED_LOGIN_MESSAGE);
    await shot(memberPage, 'member-login-disabled-1440');

    // Unban: the member can sign in again and the notice goes away.
    await row.getByTestId('user-unban').click();
    await adminPage.getByTestId('ban-user-modal').getByTestId('ban-confirm').click();
    await expect.poll(() => adminPage.getByTestId('admin-users-message').filter({ hasText: 'has been unbanned' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await eventually(async () => ((await stack.db.selectFrom('users').select('is_banned').where('uid', '=', member.uid).executeTakeFirst())?.is_banned === false ? true : undefined));
    await memberPage.getByTestId('login-submit').click();
    await memberPage.waitForURL(/\/dashboard$/, { timeout: 20_000 });
    await expect.poll(() => memberPage.getByTestId('account-suspended').count()).toBe(0);

    if (SHOTS) {
      await adminPage.getByTestId('admin-users-search').fill('');
      await expect.poll(() => adminPage.getByTestId('admin-user-row').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
      const phone = await signInAt('/admin', admin, /\/admin\/dashboard$/, 390);
      await phone.goto(`${stack.url}/admin/users`);
      await expect.poll(() => phone.getByTestId('admin-user-card').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
      await shot(phone, 'admin-users-390');
      await phone.getByTestId('admin-user-card').first().getByTestId('user-view').click();
      await expect.poll(() => phone.getByTestId('view-balance').textContent(), { timeout: 20_000 }).toContain('£');
      await shot(phone, 'admin-users-view-390');
      await phone.getByRole('button', { name: 'Close' }).click();
      await phone.getByTestId('admin-user-card').filter({ hasText: 'bystander0' }).getByTestId('user-edit').click();
      await shot(phone, 'admin-users-edit-390');
      await phone.context().close();
    }
    await adminPage.context().close();
    await memberPage.context().close();
  }, 240_000);
});

describe('admin pages on a phone', () => {
  it('no admin page scrolls sideways at 390 px', async () => {
    const admin = await registeredMember(stack, { label: 'narrow-admin' });
    await makeAdmin(stack, admin);
    const page = await signInAt('/admin', admin, /\/admin\/dashboard$/, 390);
    const widths: Record<string, number> = {};
    for (const path of ['/admin/dashboard', '/admin/users', '/admin/offers', '/admin/payouts', '/admin/callbacks', '/admin/blogs']) {
      await page.goto(`${stack.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      widths[path] = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    }
    expect(widths).toEqual(Object.fromEntries(Object.keys(widths).map((path) => [path, 390])));
    await page.context().close();
  });
});
