import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCallbackUrl, oobCodes } from '@playquid/scripts';
import { type BrowserStack, startBrowserStack } from '../support/browser';
import { uniqueEmail } from '../support/members';
import { type Stack, TEST_SECRET } from '../support/stack';

let setup: BrowserStack;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  setup = await startBrowserStack();
  ({ stack, browser } = setup);
});
afterAll(() => setup?.close());

describe('a new member, in the browser', () => {
  it('signs up, verifies the email on the verification screen, sees the £2.00 bonus locked, then sees a callback credit arrive and unlock it without reloading', async () => {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    const email = uniqueEmail('browser');
    const password = 'browser-pass-1';

    await page.goto(`${stack.url}/signup`);
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill(password);
    await page.getByTestId('signup-confirm').fill(password);
    await page.getByTestId('signup-gender-male').check();
    await page.getByTestId('signup-submit').click();
    // The new member stays signed in and lands on the verification screen.
    await page.getByTestId('verify-email').waitFor({ timeout: 20_000 });

    // The Auth emulator "sent" the verification email: its link is opened (elsewhere, as from a mail
    // app), then the member asks the screen they are on to check.
    const link = (await oobCodes()).find((code) => code.email === email && code.requestType === 'VERIFY_EMAIL');
    expect(link).toBeDefined();
    expect((await fetch(link!.oobLink)).ok).toBe(true);

    await page.getByTestId('verify-check').click();
    await expect.poll(() => page.getByTestId('verify-message').textContent(), { timeout: 20_000 }).toBe('Email verified successfully!');
    await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });
    // The £2.00 welcome bonus is there, locked until a first offer is approved: nothing is withdrawable yet.
    await expect.poll(() => page.getByTestId('dashboard-balance-locked').textContent(), { timeout: 20_000 }).toContain('£2.00');
    expect(await page.getByTestId('dashboard-available-balance').textContent()).toContain('£0.00');

    const uid = (await stack.db.selectFrom('users').select('uid').where('email', '=', email).executeTakeFirstOrThrow()).uid;
    const signed = buildCallbackUrl({ uid, amount: '1.25', tx: `o-browser-${uid}`, baseUrl: stack.url!, secret: TEST_SECRET });
    expect((await fetch(signed)).status).toBe(200);

    await expect.poll(() => page.getByTestId('dashboard-available-balance').textContent(), { timeout: 20_000 }).toContain('£3.25');
    await page.close();
  });
});
