import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The workspace packages the e2e suite loads from their build output (`dist`). */
const PACKAGES = ['contracts', 'config', 'domain', 'read-db', 'standins', 'server', 'projections', 'scripts'];
const ROOT = resolve(__dirname, '../../..');

/**
 * Vitest global setup: the suite tests the built packages. `nx run @playquid/e2e:e2e` (what
 * `npm test` runs) builds them first, from the nx cache when nothing changed; `vitest` run by hand
 * in test/ does not, so a missing build is named here rather than failing inside a test.
 */
export default function checkBuiltPackages(): void {
  const missing = PACKAGES.map((name) => join(ROOT, name, 'dist/index.js')).filter((entry) => !existsSync(entry));
  if (missing.length > 0) {
    throw new Error(`The e2e suite runs the built packages; run \`npm run build\` first. Missing:\n  ${missing.join('\n  ')}`);
  }
}
