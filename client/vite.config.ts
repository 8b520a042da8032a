import tailwindcss from '@tailwindcss/vite';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_COMPRESS_BYTES = 1024;
const ZOPFLI = /\.(js|css)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

/**
 * After the build: source maps leave the served folder (for `client/sourcemaps/`, kept for error
 * reports; the bundles do not point at them), and every compressible file of 1 KB or more gets a
 * brotli (`.br`) and a gzip (`.gz`) copy that the API sends as is (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = '';
  let mapsDir = '';
  return {
    name: 'playquid-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      mapsDir = resolve(config.root, 'sourcemaps');
    },
    async closeBundle() {
      await rm(mapsDir, { recursive: true, force: true });
      let raw = 0;
      let br = 0;
      let gz = 0;
      for (const file of await filesUnder(outDir)) {
        if (file.endsWith('.map')) {
          const target = join(mapsDir, relative(outDir, file));
          await mkdir(dirname(target), { recursive: true });
          await rename(file, target);
          continue;
        }
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_COMPRESS_BYTES) continue;
        const content = await readFile(file);
        const [brotli, gzipped] = await Promise.all([
          promisify(brotliCompress)(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          // Scripts and styles, the bytes a first visit waits for, get zopfli's gzip: about 3 % smaller
          // than zlib's best for any gzip client, at about 10 s of build for the whole app.
          ZOPFLI.test(file) ? zopfliGzip(content, { numiterations: 5 }) : promisify(gzip)(content, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
        raw += content.length;
        br += brotli.length;
        gz += gzipped.length;
      }

      console.log(`precompressed ${(raw / 1024).toFixed(0)} KB: brotli ${(br / 1024).toFixed(0)} KB, gzip ${(gz / 1024).toFixed(0)} KB`);
    },
  };
}

/** The Latin font files every page paints with, preloaded from index.html (fonts.css: font-display optional). */
const PRELOADED_FONTS = [/^assets\/inter-latin-wght-normal-[^/]+\.woff2$/, /^assets\/bricolage-grotesque-latin-wght-normal-[^/]+\.woff2$/];

function preloadFonts(): Plugin {
  return {
    name: 'playquid-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        Object.keys(context.bundle ?? {})
          .filter((file) => PRELOADED_FONTS.some((pattern) => pattern.test(file)))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          })),
    },
  };
}

/**
 * `route-preloads.json` beside index.html: the chunks a first page needs that index.html does not
 * name. "app": the app (main.tsx) and the chunks it imports, which the entry (boot.ts) loads; by path,
 * the page's own ("/": the landing page's chunk; "*": every other path, TanStack Query, which the root
 * route waits for there). The API adds them to a page's server-rendered head as modulepreload links,
 * so they download with the entry instead of after it has run; except on a page sent with its
 * prerendered shell, which paints first and loads the app after (boot.ts).
 */
function routePreloads(): Plugin {
  return {
    name: 'playquid-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const app = chunks.find((chunk) => chunk.moduleIds.some((id) => /\/client\/src\/main\.tsx$/.test(id)));
      const landing = chunks.find((chunk) => chunk.moduleIds.some((id) => /\/client\/src\/routes\/index\.tsx\?tsr-split=component$/.test(id)));
      const query = chunks.find((chunk) => chunk.name === 'query');
      if (!app || !landing || !query) throw new Error('vite.config: no app, landing page or TanStack Query chunk to preload');
      // The app's chunk and what it imports, but not the entry, which index.html loads itself.
      const appFiles = new Set<string>();
      for (const queue = [app.fileName]; queue.length > 0; ) {
        const file = queue.pop()!;
        const chunk = byFile.get(file);
        if (appFiles.has(file) || !chunk || chunk.moduleIds.some((id) => /\/client\/src\/boot\.ts$/.test(id))) continue;
        appFiles.add(file);
        queue.push(...chunk.imports);
      }
      const preloads: Record<string, string[]> = {
        app: [...appFiles].map((file) => `/${file}`),
        '/': [`/${landing.fileName}`],
        '*': [`/${query.fileName}`],
      };
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}

/**
 * `shells.json` beside index.html: the static markup of the top of each public page (navbar, then
 * hero or page header) as a visitor's first render draws it, and of the cookie consent banner, from `src/prerender.tsx` run through
 * Vite's SSR loader. The API puts a visitor's into the page before `#root`, so the page paints
 * before its JavaScript has run; the app's first render then takes its place (lib/shell.ts).
 */
function prerenderShells(): Plugin {
  let root = '';
  return {
    name: 'playquid-prerender-shells',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      const { createServer } = await import('vite');
      const server = await createServer({
        root,
        configFile: fileURLToPath(import.meta.url),
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null },
      });
      try {
        const { renderShells } = (await server.ssrLoadModule('/src/prerender.tsx')) as { renderShells: () => Promise<unknown> };
        this.emitFile({ type: 'asset', fileName: 'shells.json', source: `${JSON.stringify(await renderShells(), null, 2)}\n` });
      } finally {
        await server.close();
      }
    },
  };
}

// Long-lived vendor chunks: an app release does not make visitors download these again. React and
// TanStack Router serve every page; TanStack Query every page but a visitor's landing page (it loads
// when a page needs it: lib/query/lazy-client.ts); Firebase is loaded on demand (lazy-session) as
// one chunk. Motion is left to Rollup, so its features (loaded after the first paint) stay out of
// the first load.
const VENDOR_CHUNKS: Array<[chunk: string, pattern: RegExp]> = [
  ['firebase', /node_modules\/(@firebase|firebase)\//],
  ['react', /node_modules\/(react|react-dom|scheduler)\//],
  // React Query's context, error-reset boundary and queryOptions() import nothing of Query's core:
  // the shell uses them from the first render, so they stay with the router.
  ['tanstack', /node_modules\/@tanstack\/react-query\/build\/modern\/(QueryClientProvider|QueryErrorResetBoundary|queryOptions)\.js$/],
  ['query', /node_modules\/@tanstack\/(query-core|react-query)\//],
  ['tanstack', /node_modules\/@tanstack\//],
];

/**
 * The public pages' shared code in one chunk ('public'): the offer and blog cards, the small UI
 * pieces they share, and the icons those pages use (found in their sources). Left to Rollup these
 * were a dozen sub-kilobyte chunks, each a request on a visitor's first load.
 */
const PUBLIC_SOURCES = ['src/routes/__root.tsx', 'src/routes/index.tsx', 'src/routes/-landing', 'src/components/Navbar.tsx', 'src/components/MobileMenu.tsx', 'src/components/MobileMenuPanel.tsx', 'src/components/Footer.tsx', 'src/components/Feedback.tsx', 'src/components/PageHeader.tsx', 'src/components/SuspendedNotice.tsx', 'src/components/Logo.tsx', 'src/components/consent', 'src/ui', 'src/routes/offers', 'src/routes/blog', 'src/components/offers', 'src/components/blog', 'src/components/EarnCallToAction.tsx', 'src/ui/Pager.tsx', 'src/ui/SearchField.tsx', 'src/ui/Badge.tsx'];
// (ui/Modal serves member and admin pages only: it stays out.)
// The list pages' heading (and its texts, shared with their prerendered shells) and the search
// debounce: left to Rollup, three more sub-kilobyte requests on /offers and /blog. The phone menu's
// overlay too: it loads when first opened (with the rest of public-pages, which the pages it leads to need).
const PUBLIC_MODULES =
  /\/client\/src\/(components\/offers\/|components\/blog\/|components\/EarnCallToAction\.tsx|components\/PageHeader\.tsx|components\/MobileMenuPanel\.tsx|lib\/page-headers\.ts|lib\/use-debounced\.ts|lib\/server-message\.ts|lib\/seo-record\.ts|ui\/(Pager|SearchField|Badge)\.tsx)/;

function sourcesUnder(path: string): string[] {
  const full = resolve(fileURLToPath(new URL('.', import.meta.url)), path);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
    .map((file) => join(full, file));
}

/** lucide-react's icon files by every name the package exports them under (aliases included). */
function lucideIconFiles(): Map<string, string> {
  const index = join(dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')), 'dist/esm/lucide-react.mjs');
  const files = new Map<string, string>();
  for (const [, names, file] of readFileSync(index, 'utf8').matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)\.mjs'/g)) {
    for (const name of names.matchAll(/default as (\w+)/g)) files.set(name[1], file);
  }
  return files;
}

/** lucide-react's file name of each icon the public pages import (Gamepad2 -> gamepad-2, CircleAlert -> circle-exclamation-point). */
function publicIcons(): Set<string> {
  const files = lucideIconFiles();
  const names = new Set<string>();
  for (const file of PUBLIC_SOURCES.flatMap(sourcesUnder)) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g)) {
      for (const raw of list.split(',')) {
        const name = raw.trim();
        if (!name || name.startsWith('type ')) continue;
        const file = files.get(name);
        if (!file) throw new Error(`vite.config: no lucide-react icon named ${name}`);
        names.add(file);
      }
    }
  }
  return names;
}
const PUBLIC_ICONS = publicIcons();

type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;

/** The modules reachable by static imports from those matching `roots`. */
function staticGraph(roots: readonly RegExp[], moduleIds: Iterable<string>, info: ModuleInfoOf): Set<string> {
  const seen = new Set<string>();
  const queue = [...moduleIds].filter((id) => roots.some((root) => root.test(id)));
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(info(id)?.importedIds ?? []));
  }
  return seen;
}

/** The app every page runs first (main.tsx and its static imports). */
const APP_ROOTS = [/\/client\/src\/main\.tsx$/];
/** The modules a visitor's landing page runs: the entry's static imports, the app's and the landing page's. */
const LANDING_ROOTS = [/\/client\/src\/boot\.ts$/, ...APP_ROOTS, /\/client\/src\/routes\/index\.tsx\?tsr-split=component$/];
const graphs = new Map<readonly RegExp[], Set<string>>();
function graphOf(roots: readonly RegExp[], meta: { getModuleIds: () => IterableIterator<string>; getModuleInfo: ModuleInfoOf }): Set<string> {
  let graph = graphs.get(roots);
  if (!graph) graphs.set(roots, (graph = staticGraph(roots, meta.getModuleIds(), meta.getModuleInfo)));
  return graph;
}

const BOOT_MODULES = /\/client\/src\/(boot\.ts|lib\/first-paint\.ts|lib\/shell-id\.ts|lib\/shell-replay\.ts)$|^\0vite\/(preload-helper|modulepreload-polyfill)\.js$/;

/**
 * The public pages' shared code is two chunks: what the landing page runs ('public') and what only
 * the other public pages need ('public-pages': their pager, search field, icons and the contracts
 * and domain code they alone use), so the landing page fetches none of the latter.
 */
function chunkOf(id: string, meta: { getModuleIds: () => IterableIterator<string>; getModuleInfo: ModuleInfoOf }): string | undefined {
  // The entry (boot.ts) and the little it runs before the app: named, or Rollup would pull Vite's
  // preload helper into 'public' and make the entry import (and so fetch and run) that chunk first.
  if (BOOT_MODULES.test(id)) return 'index';
  if (/\/client\/src\/lib\/router-stage\.ts$/.test(id)) return 'tanstack';
  const chunk = publicOrVendorChunkOf(id);
  if (chunk === 'public' && !graphOf(LANDING_ROOTS, meta).has(id)) return 'public-pages';
  // The rest of the app every page runs (main.tsx and what it imports), and the shared helpers the
  // landing page runs, come with 'public', in one request: left to Rollup, what 'public-pages' also
  // used went there, and the landing page fetched that chunk too.
  const shared = graphOf(APP_ROOTS, meta).has(id) || (/\/client\/src\/lib\//.test(id) && graphOf(LANDING_ROOTS, meta).has(id));
  if (chunk === undefined && shared && /\/client\/src\//.test(id) && !/\.css$/.test(id)) return 'public';
  return chunk;
}

function publicOrVendorChunkOf(id: string): string | undefined {
  const vendor = VENDOR_CHUNKS.find(([, pattern]) => pattern.test(id))?.[0];
  if (vendor) return vendor;
  // The app's QueryClient comes with Query (one request, not two).
  if (/\/client\/src\/lib\/query\/client\.ts$/.test(id)) return 'query';
  const icon = /\/lucide-react\/dist\/esm\/icons\/([^/]+)\.m?js$/.exec(id)?.[1];
  // Every other icon (member and admin pages') in one chunk those pages load: left to Rollup they
  // would be pulled into 'public' through lucide-react's index, which a public module imports.
  if (icon) return PUBLIC_ICONS.has(icon) ? 'public' : 'icons';
  if (/\/node_modules\/lucide-react\//.test(id)) return 'public';
  // The signed statement's code (and its canonical JSON) serves only the statement pages; else it
  // would come into 'public' through the domain package's index.
  if (/\/domain\/src\/proof\/|\/node_modules\/canonicalize\//.test(id)) return 'statement-proof';
  // The rest of contracts and domain (page-head texts, money and offer rules) serves the public
  // pages too: left unassigned, Rollup put it into 'statement-proof' with the statement's proof code,
  // which every first load then fetched.
  // Except the client routes' page-head table: it loads after the first paint with lib/seo-apply
  // (named here, else it would follow the contracts index into 'public').
  // With them the page-head builders (contracts/src/seo.ts: route heads carry an offer's or a post's
  // record, which lib/seo-apply makes into metadata).
  if (/\/contracts\/src\/seo(-routes)?\.ts$|\/client\/src\/lib\/seo-apply\.ts$/.test(id)) return 'page-head';
  if (/\/(contracts|domain)\/src\//.test(id)) return 'public';
  return PUBLIC_MODULES.test(id) ? 'public' : undefined;
}

export default defineConfig({
  // The router plugin must come before React's so route files are split before JSX is compiled.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Member and admin pages are never a visitor's first load: their loaders (and the list
      // helpers those import) go with the page's component into its own chunk, out of the entry.
      // Public pages keep their loaders in the entry, so their data is asked for in parallel with
      // the page's chunk.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (/^\/(_admin|_member)\//.test(routeId) ? [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] : undefined),
      },
    }),
    react(), tailwindcss(), preloadFonts(), routePreloads(), prerenderShells(), precompress()],
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
    // Every browser the site supports preloads modules itself; older ones simply do not preload.
    modulePreload: { polyfill: false },
    // Maps without a sourceMappingURL comment, moved out of the served folder by precompress().
    sourcemap: 'hidden',
    rollupOptions: {
      // The shared contracts and domain packages are definitions with no import-time effects, so a
      // chunk that imports their index needs none of the modules whose exports it does not use.
      treeshake: { moduleSideEffects: (id) => !/\/(contracts|domain)\/src\/|\/node_modules\/canonicalize\//.test(id) },
      output: {
        manualChunks: chunkOf,
      },
    },
  },
});
