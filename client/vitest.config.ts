import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@playquid/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
      '@playquid/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)),
    },
  },
  test: { include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
});
