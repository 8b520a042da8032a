import AxeBuilder from '@axe-core/playwright';
import type { EmulatorUser } from '@playquid/scripts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, startBrowserStack } from '../support/browser';
import { PASSWORD, registeredMember } from '../support/members';
import { availableBecomes, balanceOf, bearer, makeAdmin } from '../support/money';
import type { Stack } from '../support/stack';

/**
 * Missing-credit claims in the browser, on one stack: a member files claims from the offer page's
 * timeline, an admin works the queue (approves one, declines the other), and the member sees the
 * outcome and the credit. Claims may be opened at once here (CLAIM_MIN_AGE_HOURS=0).
 * With SHOTS_DIR set, screenshots of the new screens are saved there.
 */
let setup: BrowserStack;
let stack: Stack;
let browser: Browser;
let member: EmulatorUser;
let admin: EmulatorUser;
let tasks: Array<{ event_id: string; name: string; payout_pence: number }>;

beforeAll(async () => {
  process.env.CLAIM_MIN_AGE_HOURS = '0';
  setup = await startBrowserStack({ offers: true });
  ({ stack, browser } = setup);
  [member, admin] = await Promise.all([registeredMember(stack, { label: 'claims-ui' }), registeredMember(stack, { label: 'claims-ui-admin' })]);
  await makeAdmin(stack, admin);
  tasks = (await stack.http.get('/api/offers/5011').expect(200)).body.data.offer.events;
  await stack.http.post('/api/offers/5011/start').set('authorization', bearer(member)).expect(200);
});
afterAll(() => setup?.close());

async function signInAt(path: '/login' | '/admin', user: EmulatorUser, landing: RegExp, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`${stack.url}${path}`);
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(landing, { timeout: 20_000 });
  // Answer the cookie banner, as a member would, so it covers nothing.
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

/** axe-core's serious and critical violations of the page as it stands (the a11y suite's rules). */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const taskRow = (page: Page, index: number) => page.getByTestId('timeline-task').nth(index);

async function fileClaim(page: Page, index: number, note: string) {
  const row = taskRow(page, index);
  await row.getByTestId('report-missing-credit').click();
  await row.getByTestId('claim-note').fill(note);
  await row.getByTestId('claim-evidence').fill('Player id DC-7781');
  await row.getByTestId('claim-submit').click();
  await expect.poll(() => page.getByTestId('claim-sent').textContent(), { timeout: 20_000 }).toContain('Claim sent.');
  await expect.poll(() => taskRow(page, index).getAttribute('data-state'), { timeout: 20_000 }).toBe('claimed');
}

describe('missing-credit claims, in the browser', () => {
  it('a member files claims from the offer page (390 px, then 1440 px); an admin approves one and declines the other; the member sees both, and the credit', async () => {
    const phone = await signInAt('/login', member, /\/dashboard$/, 390);
    await phone.goto(`${stack.url}/offers/5011`);
    await expect.poll(() => taskRow(phone, 1).getAttribute('data-state'), { timeout: 20_000 }).toBe('started');
    await shot(phone, '20a-offer-timeline');
    expect(await axeProblems(phone)).toEqual([]);
    await fileClaim(phone, 1, 'Reached the level on Tuesday, no credit since');

    await phone.setViewportSize({ width: 1440, height: 900 });
    await phone.reload();
    await expect.poll(() => taskRow(phone, 2).getAttribute('data-state'), { timeout: 20_000 }).toBe('started');
    await fileClaim(phone, 2, 'Also finished this one');
    await shot(phone, '20a-offer-timeline');

    await phone.getByRole('link', { name: 'My claims' }).first().click();
    await phone.waitForURL(/\/earnings\/claims$/);
    await expect.poll(() => phone.getByTestId('my-claim').count(), { timeout: 20_000 }).toBe(2);
    expect(await phone.getByTestId('my-claim-clock').first().textContent()).toMatch(/Answer due by .+ \(in \d+ days?/);
    await shot(phone, '20a-my-claims');
    expect(await axeProblems(phone)).toEqual([]);

    // The admin works the queue at 1440 px: the evidence side by side, then an approval.
    const desk = await signInAt('/admin', admin, /\/admin\/dashboard$/, 1440);
    await desk.goto(`${stack.url}/admin/claims`);
    await expect.poll(() => desk.getByTestId('claim-row').count(), { timeout: 20_000 }).toBe(2);
    const row = (index: number) => desk.locator(`[data-testid="claim-row"][data-task="${tasks[index].event_id}"]`);
    const approveRow = row(1);
    await approveRow.getByTestId('claim-row-toggle').click();
    await expect.poll(() => approveRow.getByTestId('evidence-member').textContent(), { timeout: 20_000 }).toContain('Reached the level on Tuesday');
    expect(await approveRow.getByTestId('evidence-callbacks').textContent()).toContain('None received');
    expect(await approveRow.getByTestId('evidence-others').textContent()).toContain('Nobody else was credited for this task');
    await shot(desk, '20a-admin-claims');
    expect(await axeProblems(desk)).toEqual([]);
    const before = (await balanceOf(stack, member)).available_pence;
    await approveRow.getByTestId('claim-reason').fill('BitLabs confirmed the completion');
    await approveRow.getByTestId('claim-approve').click();
    await expect.poll(() => desk.getByTestId('claims-message').textContent(), { timeout: 20_000 }).toBe('Claim approved and credited to the member');
    await availableBecomes(stack, member, before + tasks[1].payout_pence);

    // And at 390 px: all claims, then a decline with a reason.
    await desk.setViewportSize({ width: 390, height: 900 });
    await desk.getByTestId('claims-status').selectOption('');
    const declineRow = row(2);
    await declineRow.getByTestId('claim-row-toggle').click();
    await declineRow.getByTestId('claim-reason').fill('BitLabs has no record of this task from your device');
    await declineRow.getByTestId('claim-decline').click();
    await expect.poll(() => desk.getByTestId('claims-message').textContent(), { timeout: 20_000 }).toBe('Claim declined; the member sees the reason');
    await expect.poll(() => row(2).getAttribute('data-status'), { timeout: 20_000 }).toBe('declined');
    await shot(desk, '20a-admin-claims');

    // The member sees the approval with its credit, and the decline with its reason.
    await phone.reload();
    const myClaim = (index: number) => phone.locator(`[data-testid="my-claim"][data-task="${tasks[index].event_id}"]`);
    const approved = myClaim(1);
    await expect.poll(() => approved.getAttribute('data-status'), { timeout: 20_000 }).toBe('approved');
    expect(await approved.getByTestId('my-claim-outcome').textContent()).toContain('was added to your balance');
    const declined = myClaim(2);
    await expect.poll(() => declined.getAttribute('data-status'), { timeout: 20_000 }).toBe('declined');
    expect(await declined.getByTestId('my-claim-outcome').textContent()).toBe('Declined: BitLabs has no record of this task from your device');
    await phone.setViewportSize({ width: 390, height: 900 });
    await shot(phone, '20a-my-claims');
    expect(await axeProblems(phone)).toEqual([]);

    // The offer's timeline shows the credited task approved, and the earnings page links to it.
    await phone.goto(`${stack.url}/earnings`);
    await phone.getByTestId('earning-timeline-link').first().click();
    await phone.waitForURL(/\/offers\/5011#timeline$/);
    await expect.poll(() => taskRow(phone, 1).getAttribute('data-state'), { timeout: 20_000 }).toBe('approved');
    expect(await taskRow(phone, 2).getAttribute('data-state')).toBe('started');
    await phone.context().close();
    await desk.context().close();
  });
});
