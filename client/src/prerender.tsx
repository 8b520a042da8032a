import { formatPence, WELCOME_BONUS_PENCE } from '@playquid/contracts';
import { createMemoryHistory, createRouter, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AppFrame } from './components/AppFrame';
import { CookieConsent } from './components/consent/CookieConsent';
import { PageHeader } from './components/PageHeader';
import { AuthProvider } from './lib/auth/react';
import { LazyAuthSession } from './lib/auth/lazy-session';
import { BLOG_HEADER, OFFERS_HEADER } from './lib/page-headers';
import { queryClient } from './lib/query/lazy-client';
import { SHELL_PATHS } from './lib/shell';
import { routeTree } from './routeTree.gen';
import { Hero } from './routes/-landing/Hero';
import { OffersStatsChips } from './routes/offers/-components/OffersToolbar';

/**
 * Run by the client build (vite.config.ts, prerenderShells) in Node: the static markup of the top of
 * each public page as a visitor's first render draws it (the frame with its navbar, then the hero or
 * the page header), for the server to send before `#root` (lib/shell.ts). Only what is above the
 * fold and the same for every visitor: no data, no member.
 */
const SHELLS: Record<string, () => ReactNode> = {
  '/': () => (
    // routes/index.tsx: the page's sections sit in one layer above the cash cannon.
    <div className="relative z-10 landing-sections">
      <Hero member={false} balanceText={formatPence(WELCOME_BONUS_PENCE)} />
    </div>
  ),
  '/offers': () => <PageHeader {...OFFERS_HEADER} actions={<OffersStatsChips />} />,
  '/blog': () => <PageHeader {...BLOG_HEADER} />,
};

/** What shells.json holds: the server's PageShells (server/src/seo/head-html.ts). */
export interface PageShells {
  pages: Record<string, string>;
  consentBanner: string;
}

export async function renderShells(): Promise<PageShells> {
  // A visitor: nothing stored, so signed out without Firebase.
  const session = new LazyAuthSession({
    hasPersistedUser: async () => false,
    load: () => Promise.reject(new Error('no sign-in at build time')),
  });
  session.start();
  await session.ready();
  const routerAt = (path: string) =>
    createRouter({
      routeTree,
      history: createMemoryHistory({ initialEntries: [path] }),
      context: { auth: session, queryClient },
    });
  const pages: Record<string, string> = {};
  for (const path of SHELL_PATHS) {
    pages[path] = renderToStaticMarkup(
      <RouterContextProvider router={routerAt(path)}>
        <AuthProvider session={session}>
          <AppFrame>{SHELLS[path]()}</AppFrame>
        </AuthProvider>
      </RouterContextProvider>,
    );
  }
  // The banner as an undecided visitor's first render draws it. Without its test ids: until the app's
  // banner takes its place, this one is a picture (the server sends it inert), not the one to click.
  const consentBanner = renderToStaticMarkup(
    <RouterContextProvider router={routerAt('/')}>
      <CookieConsent />
    </RouterContextProvider>,
  ).replace(/ data-testid="[^"]*"/g, '');
  return { pages, consentBanner };
}
