import { resolve } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

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
