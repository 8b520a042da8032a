import AxeBuilder from '@axe-core/playwright';
import type { EmulatorUser } from '@playquid/scripts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDist, launchChromium } from '../support/browser';
import { PASSWORD, registeredMember } from '../support/members';
import { makeAdmin } from '../support/money';
import { type Stack, startStack } from '../support/stack';

/**
 * The admin privacy desk in the browser: an admin reaches it from the Analytics sections, records a
 * member's written export request (the 30-day clock starts) and acts on it (the export downloads),
 * at 1440 px then 390 px. With SHOTS_DIR set, screenshots are saved there.
 */
let stack: Stack;
let browser: Browser;
let member: EmulatorUser;
let admin: EmulatorUser;

beforeAll(async () => {
  stack = await startStack({ listen: true, clientDist: clientDist() });
  browser = await launchChromium();
  [member, admin] = await Promise.all([registeredMember(stack, { label: 'privacy-desk' }), registeredMember(stack, { label: 'privacy-desk-admin' })]);
  await makeAdmin(stack, admin);
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function signInAsAdmin(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`${stack.url}/admin`);
  await page.getByTestId('login-email').fill(admin.email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/admin\/dashboard$/, { timeout: 20_000 });
  const essential = page.getByRole('button', { name: 'Essential Only' });
  if (await essential.waitFor({ timeout: 3_000 }).then(() => true, () => false)) await essential.click();
  return page;
}

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

async function seriousAxeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).options({ resultTypes: ['violations'] }).setLegacyMode(true).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describe('admin privacy desk', () => {
  it('records a written request with its 30-day clock and acts on it, at 1440 px and 390 px', async () => {
    for (const width of [1440, 390]) {
      const page = await signInAsAdmin(width);
      await page.getByRole('link', { name: /Privacy requests/ }).first().click();
      await page.waitForURL(/\/admin\/privacy$/);
      await page.getByTestId('privacy-uid').fill(member.uid);
      await page.getByTestId('privacy-kind').selectOption('export');
      await page.getByTestId('privacy-reason').fill(`Email from the member of 27 Nov asking for a copy of their data (${width})`);
      await page.getByTestId('privacy-record-submit').click();
      await expect.poll(() => page.getByTestId('privacy-message').textContent()).toMatch(/Data export request recorded for .+ Due .+ \(in 30 days\)/);
      const row = page.getByTestId('privacy-request').filter({ hasText: `(${width})` });
      await expect.poll(() => row.getAttribute('data-status')).toBe('open');
      expect(await row.getByTestId('privacy-due').textContent()).toMatch(/^Due .+ \(in 30 days\)$/);
      await shot(page, 'wA-admin-privacy');
      expect(await seriousAxeProblems(page)).toEqual([]);

      const download = page.waitForEvent('download');
      await row.getByTestId('privacy-act').click();
      expect((await download).suggestedFilename()).toBe(`playquid-data-${member.uid}.json`);
      await expect.poll(() => page.getByTestId('privacy-message').textContent()).toContain('downloaded: send it to the member');
      await expect.poll(() => row.getAttribute('data-status')).toBe('completed');
      expect(await row.getByTestId('privacy-due').textContent()).toMatch(/^Answered /);
      await page.context().close();
    }
  });
});
