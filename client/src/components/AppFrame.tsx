import type { ReactNode } from 'react';
import { Navbar } from './Navbar';

/**
 * Every page's frame: the skip link, the navbar, the page in <main>, and what follows it. One
 * component for the app's root layout and the build's prerendered shell (src/prerender.tsx), whose
 * markup has to be the app's own.
 */
export function AppFrame({ notice, children, after }: { notice?: ReactNode; children: ReactNode; after?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only rounded-xl bg-quid-300 px-4 py-2 font-bold text-ink-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <Navbar />
      {notice}
      <main id="main" className="flex-1">
        {children}
      </main>
      {after}
    </div>
  );
}
