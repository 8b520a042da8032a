import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { RouteError } from '../components/Feedback';
import { AppFrame } from '../components/AppFrame';
import { Footer } from '../components/Footer';
import { SuspendedNotice } from '../components/SuspendedNotice';
import { CookieConsentGate } from '../components/consent/CookieConsentGate';
import type { LazyAuthSession } from '../lib/auth/lazy-session';
import { trackPageView } from '../lib/consent/analytics';
import { pageHead } from '../lib/page';
import { loadQueryClient } from '../lib/query/lazy-client';
import { useSeoHead } from '../lib/seo-head';
import { releaseShell, SHELL_PATHS } from '../lib/shell';
import { useToasterWanted } from '../lib/toast';

const LazyToaster = lazy(() => import('../components/LazyToaster'));

export interface RouterContext {
  /** Guards read `auth.state`, which is always the current one. */
  auth: LazyAuthSession;
  /** Usable once loaded: the root route's beforeLoad loads it for every page that reads through it. */
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Guards below need to know who is signed in: wait for the first answer (the app shows nothing until then).
  // Every page but a visitor's landing page reads through TanStack Query: it is loaded before them.
  beforeLoad: async ({ context, location }) => {
    const query = location.pathname !== '/' ? loadQueryClient() : undefined;
    await context.auth.ready();
    if (query || context.auth.state.status === 'signed-in') await (query ?? loadQueryClient());
  },
  head: () => pageHead(),
  component: RootLayout,
  // Any unknown path goes home.
  notFoundComponent: () => <Navigate to="/" replace />,
  errorComponent: RouteError,
});

/** Keeps the document head (title, description, robots, canonical, social tags, JSON-LD) in step; counts a page view. */
function useDocumentHead() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Before the page view, so the view is counted with the new page's title.
  useSeoHead();
  useEffect(() => trackPageView(pathname), [pathname]);
  // A page with a prerendered shell hands over from its own first render; any other page at once.
  useLayoutEffect(() => {
    if (!SHELL_PATHS.includes(pathname)) releaseShell();
  }, [pathname]);
}

function RootLayout() {
  useDocumentHead();
  const toasts = useToasterWanted();
  return (
    // Animations are CSS (and the Web Animations API): no animation library in any page's first load.
    <AppFrame
      notice={<SuspendedNotice />}
      after={
        <>
          <Footer />
          <CookieConsentGate />
          {toasts && (
            <Suspense fallback={null}>
              <LazyToaster />
            </Suspense>
          )}
        </>
      }
    >
      <Outlet />
    </AppFrame>
  );
}
