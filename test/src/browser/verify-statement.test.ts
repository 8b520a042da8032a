import { buildCallbackUrl } from '@playquid/scripts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, startBrowserStack } from '../support/browser';
import { PASSWORD, registeredMember } from '../support/members';
import { availableBecomes } from '../support/money';
import { type Stack, TEST_SECRET } from '../support/stack';

let setup: BrowserStack;
let stack: Stack;
let browser: Browser;
/** PLAYQUID_SHOTS=<folder>: also save screenshots of the pages (not in CI). */
const shots = process.env.PLAYQUID_SHOTS;

beforeAll(async () => {
  setup = await startBrowserStack();
  ({ stack, browser } = setup);
});
afterAll(() => setup?.close());

/** Drops the file on the verifier and waits for its verdict on that file (the card names it). */
async function verdict(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByTestId('statement-file').setInputFiles(file);
  const card = page.getByTestId('statement-verdict').filter({ hasText: file.name });
  await card.waitFor({ timeout: 10_000 });
  return card;
}

describe('a statement anyone can verify, in the browser', () => {
  it('a member downloads the signed statement; the public verifier accepts it, and rejects it after one amount is edited (390 and 1440 px)', async () => {
    const member = await registeredMember(stack, { label: 'verifier' });
    await availableBecomes(stack, member, 200);
    const signed = buildCallbackUrl({ uid: member.uid, amount: '1.25', tx: `o-verify-${member.uid}`, offerName: 'Dragon Clash', baseUrl: stack.url!, secret: TEST_SECRET });
    expect((await fetch(signed)).status).toBe(200);
    await availableBecomes(stack, member, 325);

    const context = await browser.newContext({ viewport: { width: 390, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(`${stack.url}/login`);
    await page.getByTestId('login-email').fill(member.email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });
    // The cookie banner sits over the bottom of the page; this test is not about it.
    const essential = page.getByRole('button', { name: 'Essential Only' });
    if (await essential.waitFor({ timeout: 3_000 }).then(() => true, () => false)) await essential.click();

    for (const [width, format] of [
      [390, 'json'],
      [1440, 'csv'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${stack.url}/earnings/statement`);
      await expect.poll(() => page.getByTestId('statement-available').textContent(), { timeout: 20_000 }).toContain('£3.25');
      if (shots) await page.screenshot({ path: join(shots, `20b-statement-${width}.png`), fullPage: true });
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`download-statement-${format}`).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^playquid-statement-.*\\.${format}$`));
      const text = readFileSync((await download.path())!, 'utf8');

      // The verifier is public: a fresh page with no sign-in needed, the file never uploaded.
      await page.goto(`${stack.url}/verify-statement`);
      const mimeType = format === 'json' ? 'application/json' : 'text/csv';
      const accepted = await verdict(page, { name: `statement.${format}`, mimeType, buffer: Buffer.from(text) });
      expect(await accepted.getAttribute('data-intact')).toBe('true');
      expect(await page.getByTestId('statement-proven-available').textContent()).toBe('£3.25');
      if (shots) await page.screenshot({ path: join(shots, `20b-verify-intact-${width}.png`), fullPage: true });

      // One amount edited: the offer's £1.25 becomes £9.25.
      const edited = format === 'json' ? text.replace('"available_change_pence": 125', '"available_change_pence": 925') : text.replace(',125,0,0,325,', ',925,0,0,325,');
      expect(edited).not.toBe(text);
      const rejected = await verdict(page, { name: `edited.${format}`, mimeType, buffer: Buffer.from(edited) });
      expect(await rejected.getAttribute('data-intact')).toBe('false');
      expect(await page.getByTestId('statement-problems').textContent()).toContain('The signature does not match: the statement was changed after PlayQuid signed it');
      if (shots) await page.screenshot({ path: join(shots, `20b-verify-rejected-${width}.png`), fullPage: true });
    }
    await context.close();
  });
});
