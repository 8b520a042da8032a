import type { EmulatorUser } from '@playquid/scripts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserStack, startBrowserStack } from '../support/browser';
import { PASSWORD, registeredMember } from '../support/members';
import { makeAdmin } from '../support/money';
import { eventually, type Stack } from '../support/stack';

let setup: BrowserStack;
let stack: Stack;
let browser: Browser;
let admin: EmulatorUser;

beforeAll(async () => {
  setup = await startBrowserStack();
  ({ stack, browser } = setup);
  admin = await registeredMember(stack, { label: 'blog-admin' });
  await makeAdmin(stack, admin);
});
afterAll(() => setup?.close());

/** Hostile HTML of every kind the sanitiser must make inert, around some real content. */
const HOSTILE = [
  '<h2>Level up your earnings</h2>',
  '<p>Genuine advice with a <a href="https://example.com/guide">safe link</a>.</p>',
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'img\'; alert(1)">',
  '<p onmouseover="window.__xss = \'hover\'">Hover over me</p>',
  '<a href="javascript:window.__xss = \'link\'" data-testid="hostile-link">Click me</a>',
  '<svg onload="window.__xss = \'svg\'"><script>window.__xss = "svg-script"</script></svg>',
  '<style>body { display: none !important }</style>',
  '<iframe src="javascript:window.__xss = \'frame\'"></iframe>',
  '<details open ontoggle="window.__xss = \'toggle\'"><summary>x</summary></details>',
].join('\n');

interface Watched {
  page: Page;
  dialogs: string[];
}

async function newPage(viewport = { width: 1440, height: 900 }): Promise<Watched> {
  const context = await browser.newContext({ viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
  const page = await context.newPage();
  const dialogs: string[] = [];
  // Any alert, confirm or prompt not opened by the test itself means script ran.
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  return { page, dialogs };
}

/** Answers the cookie banner (Essential Only) when it is shown, as a visitor would before reading on. */
async function answerCookieBanner(page: Page): Promise<void> {
  const essential = page.getByTestId('cookie-essential');
  const shown = await essential.waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false);
  if (shown) await essential.click();
}

describe('blog, in the browser', () => {
  it('an admin writes and publishes a post with hostile HTML; a visitor reads it (no script runs) and shares it', async () => {
    // The admin writes the post in the create modal and publishes it at once.
    const { page: adminPage } = await newPage();
    await adminPage.goto(`${stack.url}/admin`);
    await answerCookieBanner(adminPage);
    await adminPage.getByTestId('login-email').fill(admin.email);
    await adminPage.getByTestId('login-password').fill(PASSWORD);
    await adminPage.getByTestId('login-submit').click();
    await adminPage.waitForURL(/\/admin\/dashboard$/, { timeout: 20_000 });
    await adminPage.goto(`${stack.url}/admin/blogs`);
    await adminPage.getByTestId('admin-blogs-empty').waitFor({ timeout: 20_000 });
    await adminPage.getByTestId('blog-create').click();
    await adminPage.getByTestId('blog-form-title').fill('Hostile HTML, Safely Served');
    await adminPage.getByTestId('blog-form-preview').fill('What our sanitiser does with markup it cannot trust.');
    await adminPage.getByTestId('blog-form-meta_description').fill('A post whose body tries every trick in the book.');
    await adminPage.getByTestId('blog-form-content').fill(HOSTILE);
    await adminPage.getByTestId('blog-form-published').check();
    await adminPage.getByTestId('blog-form-submit').click();
    await expect.poll(() => adminPage.getByTestId('admin-blogs-message').textContent(), { timeout: 20_000 }).toBe('Blog created successfully');
    const row = adminPage.getByTestId('admin-blogs-table').getByTestId('admin-blog-row');
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.textContent()).toContain('/blog/hostile-html-safely-served');
    await expect.poll(() => adminPage.getByTestId('blogs-stat-published').textContent()).toContain('1');
    await adminPage.context().close();

    // A visitor finds it on the blog list and opens it.
    const { page, dialogs } = await newPage();
    await page.goto(`${stack.url}/blog`);
    await answerCookieBanner(page);
    const card = page.getByTestId('blog-card');
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('blog-count').textContent()).toBe('1 article');
    await card.getByRole('link', { name: /Read More/ }).click();
    await page.waitForURL(/\/blog\/hostile-html-safely-served$/);
    const content = page.getByTestId('blog-post-content');
    await content.waitFor({ timeout: 20_000 });
    expect(await content.locator('h2').textContent()).toBe('Level up your earnings');
    expect(await page.title()).toContain('Hostile HTML, Safely Served');
    expect(await page.getByText('5 min read').count()).toBe(1);

    // Nothing hostile survived: no script-bearing elements or handlers, and none ran.
    await page.getByText('Hover over me').hover();
    const link = content.getByText('Click me');
    if ((await link.count()) > 0) await link.click();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await content.locator('script, style, iframe, svg, details, [onerror], [onload], [onmouseover], [ontoggle]').count()).toBe(0);
    expect(await content.locator('a[href^="javascript" i]').count()).toBe(0);
    expect(await page.locator('body').isVisible()).toBe(true);
    const views = await eventually(async () => (await stack.db.selectFrom('blog_views').select('view_count').executeTakeFirst())?.view_count);
    expect(views).toBeGreaterThanOrEqual(1);

    // Sharing: Copy Link shows 'Copied!' for 2 s and puts the post's address on the clipboard.
    const copy = page.getByTestId('share-copy-link');
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${stack.url}/blog/hostile-html-safely-served`);
    await expect.poll(() => copy.textContent(), { timeout: 4_000 }).toBe('Copy Link');
    expect(await page.getByTestId('share-buttons').getByRole('link', { name: 'Facebook' }).getAttribute('href')).toContain('facebook.com/sharer');
    await page.context().close();
  });

  it("a visitor opening an unknown post sees 'Blog post not found'", async () => {
    const { page } = await newPage({ width: 390, height: 844 });
    await page.goto(`${stack.url}/blog/no-such-post`);
    await page.getByTestId('blog-post-not-found').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('blog-post-not-found').textContent()).toContain('Blog post not found');
    await page.context().close();
  });
});
