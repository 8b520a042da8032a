import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * The e2e suite runs against the built packages (`npm run build`; `npm test` builds first), the
 * code the server and worker images run. Node loads `*\/dist` and node_modules natively, so each
 * of the 40-odd files (one process each) imports Nest, Fastify and the workspace in about a third of
 * the time that transforming the sources took. `nx run @playquid/e2e:e2e` builds what is stale first.
 */
export default defineConfig({
  resolve: {
    // The one workspace entry point not named by a package.json `main`.
    alias: { '@playquid/domain/testing': root('domain/dist/testing/index.js') },
  },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/support/built-packages.ts'],
    // API files run side by side on their own databases; the browser tests share the 2 cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    server: { deps: { external: [/\/dist\//, /\/node_modules\//] } },
  },
});
