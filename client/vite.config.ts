import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Long-lived vendor chunks: an app release does not make visitors download these again.
const VENDOR_CHUNKS: Array<[chunk: string, pattern: RegExp]> = [
  ['firebase', /node_modules\/(@firebase|firebase)\//],
  ['react', /node_modules\/(react|react-dom|scheduler)\//],
  ['tanstack', /node_modules\/@tanstack\//],
  ['motion', /node_modules\/(motion|motion-dom|motion-utils|framer-motion)\//],
];

export default defineConfig({
  // The router plugin must come before React's so route files are split before JSX is compiled.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  resolve: {
    alias: {
      '@playquid/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
      '@playquid/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)),
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: process.env.VITE_API_PROXY || 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      output: {
        manualChunks: (id) => VENDOR_CHUNKS.find(([, pattern]) => pattern.test(id))?.[0],
      },
    },
  },
});
