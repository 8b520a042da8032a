import { resolve } from 'node:path';
import type { BitlabsStandin } from '@playquid/standins';
import { type Browser, chromium } from 'playwright-core';
import { startOffersStack } from './offers';
import { type Stack, startStack } from './stack';

/** Debian's Chromium, headless, with the flags this closed network needs (no background fetches). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * The built client the browser tests serve: `client/dist`, or PLAYQUID_CLIENT_DIST when a test run
 * builds its own copy (several people building into one folder would overwrite each other).
 */
export function clientDist(): string {
  return process.env.PLAYQUID_CLIENT_DIST ?? resolve(__dirname, '../../../client/dist');
}

export interface BrowserStack {
  stack: Stack;
  browser: Browser;
  /** The BitLabs stand-in, when started with `offers`. */
  standin?: BitlabsStandin;
  /** Closes the browser, then the stack. */
  close(): Promise<void>;
}

/**
 * The browser tests' setup, written once: the whole back end serving the built client on a real
 * port (with the BitLabs stand-in and its catalogue synced when `offers`), and Debian's Chromium.
 */
export async function startBrowserStack(options: { offers?: boolean } = {}): Promise<BrowserStack> {
  const offers = options.offers ? await startOffersStack({ listen: true, clientDist: clientDist() }) : undefined;
  const stack = offers?.stack ?? (await startStack({ listen: true, clientDist: clientDist() }));
  const closeStack = () => (offers ? offers.close() : stack.close());
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    await closeStack();
    throw error;
  }
  return {
    stack,
    browser,
    standin: offers?.standin,
    async close() {
      await browser.close();
      await closeStack();
    },
  };
}
