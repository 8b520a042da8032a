import AxeBuilder from '@axe-core/playwright';
import { buildCallbackUrl, type EmulatorUser } from '@playquid/scripts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, startBrowserStack } from '../support/browser';
import { PASSWORD, registeredMember } from '../support/members';
import { type Stack, TEST_SECRET } from '../support/stack';

/**
 * axe-core on every public and member page at desktop and phone widths: no serious or critical
 * violation (WCAG 2.1 A/AA rules plus axe's best practices). PLAYQUID_CLIENT_DIST points at another
 * client build; SHOTS_DIR, when set, keeps a screenshot of each page as axe saw it.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

let setup: BrowserStack;
let stack: Stack;
let browser: Browser;
let member: EmulatorUser;
let offerId: string;

beforeAll(async () => {
  setup = await startBrowserStack({ offers: true });
  ({ stack, browser } = setup);
  member = await registeredMember(stack, { label: 'a11y' });
  // Some history so the member pages show their tables and lists, not only empty states.
  const signed = buildCallbackUrl({ uid: member.uid, amount: '1.25', tx: `a11y-${member.uid}`, offerName: 'Gem Quest', baseUrl: stack.url!, secret: TEST_SECRET });
  expect((await fetch(signed)).status).toBe(200);
  offerId = (await stack.db.selectFrom('offers').select('id').where('status', '=', 'active').orderBy('id').executeTakeFirstOrThrow()).id;
  if (SHOTS_DIR) mkdirSync(SHOTS_DIR, { recursive: true });
});
afterAll(() => setup?.close());

async function newContext(): Promise<BrowserContext> {
  // Animations finished: contrast is measured on the page as it settles, not mid-fade.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  context.setDefaultTimeout(45_000);
  return context;
}

/** Opens `path`, waits for the page to settle and returns axe's serious and critical violations. */
async function audit(page: Page, path: string, width: (typeof WIDTHS)[number]): Promise<string[]> {
  await page.setViewportSize({ width: width.width, height: width.height });
  await page.goto(`${stack.url}${path}`);
  await page.locator('main#main').waitFor();
  // The page's data has arrived once its loading placeholders are gone (bounded: an empty state is fine).
  await page
    .waitForFunction(() => document.querySelectorAll('.animate-pulse, [aria-busy="true"]').length === 0, undefined, { timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  if (SHOTS_DIR) {
    const file = join(SHOTS_DIR, `${path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}-${width.width}.png`);
    // For people to look at, not part of the check: a slow screenshot must not fail the audit.
    await page.screenshot({ path: file, fullPage: true, timeout: 60_000 }).catch((error) => console.warn(`screenshot ${file}: ${error}`));
  }
  // Only violations are read, so axe skips the details of every passing node; legacy mode runs it
  // without opening a blank page per audit to merge frame results (half the time per page). It
  // would leave out cross-origin frames; the site's pages have no frames at all.
  const result = await new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] }).setLegacyMode(true).analyze();
  // The cookie banner is audited on the first page of a visit; answering it (kept for the visit)
  // uncovers the content it sits on, so the next pages are checked in full.
  const essentialOnly = page.getByRole('button', { name: 'Essential Only' });
  if (await essentialOnly.isVisible()) await essentialOnly.click();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path} @${width.width}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
}

/** `{offer}` is an active offer of the synced catalogue. */
const PUBLIC_PATHS = ['/', '/offers-preview', '/offers', '/offers/{offer}', '/blog', '/contact', '/privacy-policy', '/terms-conditions', '/cookie-policy', '/login', '/signup', '/verify-statement'];
const MEMBER_PATHS = ['/dashboard', '/earnings', '/payments', '/profile'];
/**
 * Most members are on phones: every page is checked at 390 px. At 1440 px, the pages whose desktop
 * layout differs most (grids, tables, side panels), which keeps the suite inside CI's time budget.
 */
const DESKTOP_PATHS = new Set(['/', '/offers', '/blog', '/dashboard', '/payments']);
const pathsAt = (paths: string[], width: (typeof WIDTHS)[number]) => (width.width >= 1024 ? paths.filter((p) => DESKTOP_PATHS.has(p)) : paths);
/** One page: load, settle, axe (and a screenshot) on a machine that may be busy. */
const PAGE_TIMEOUT_MS = 120_000;

async function signIn(page: Page): Promise<void> {
  await page.goto(`${stack.url}/login`);
  await page.getByTestId('login-email').fill(member.email);
  await page.getByTestId('login-password').fill(PASSWORD);
  // Enter rather than a click: nothing on top of the form (the cookie banner) can intercept it.
  await page.getByTestId('login-password').press('Enter');
  await page.waitForURL(/\/dashboard$/);
}

describe.each(WIDTHS)('accessibility (axe-core) at $width px', (width) => {
  describe('public pages', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await newContext();
      page = await context.newPage();
    });
    afterAll(() => context?.close());

    it.each(pathsAt(PUBLIC_PATHS, width))('%s has no serious or critical violations', { timeout: PAGE_TIMEOUT_MS }, async (path) => {
      expect(await audit(page, path.replace('{offer}', offerId), width)).toEqual([]);
    });
  });

  describe('member pages', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await newContext();
      page = await context.newPage();
      await signIn(page);
    }, PAGE_TIMEOUT_MS);
    afterAll(() => context?.close());

    it.each(pathsAt(MEMBER_PATHS, width))('%s has no serious or critical violations', { timeout: PAGE_TIMEOUT_MS }, async (path) => {
      expect(await audit(page, path, width)).toEqual([]);
    });
  });
});
