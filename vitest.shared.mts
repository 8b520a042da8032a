import swc from 'unplugin-swc';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Workspace packages resolved to their sources, so tests never need a build first. */
const ALIASES = {
  '@playquid/contracts': source('./contracts/src/index.ts'),
  '@playquid/config': source('./config/src/index.ts'),
  // the more specific entry first: aliases match by prefix
  '@playquid/domain/testing': source('./domain/src/testing/index.ts'),
  '@playquid/domain': source('./domain/src/index.ts'),
  '@playquid/read-db': source('./read-db/src/index.ts'),
  '@playquid/projections': source('./projections/src/index.ts'),
  '@playquid/server': source('./server/src/index.ts'),
  '@playquid/standins': source('./standins/src/index.ts'),
  '@playquid/scripts': source('./scripts/src/index.ts'),
};

/**
 * Vitest config of the Node packages. SWC (not esbuild) compiles the tests so Nest's decorator
 * metadata exists, as it does under tsc; each file runs in its own process.
 */
export function nodeTestConfig(options: { testTimeout?: number; hookTimeout?: number; maxWorkers?: number } = {}) {
  return defineConfig({
    plugins: [swc.vite({ module: { type: 'es6' } })],
    resolve: { alias: ALIASES },
    test: {
      include: ['src/**/*.test.ts'],
      testTimeout: options.testTimeout ?? 30_000,
      hookTimeout: options.hookTimeout ?? 60_000,
      pool: 'forks',
      ...(options.maxWorkers ? { maxWorkers: options.maxWorkers } : {}),
    },
  });
}
