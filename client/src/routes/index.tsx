import { formatPence, WELCOME_BONUS_PENCE } from '@playquid/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { CashCannon } from '../components/CashCannon';
import { EarnCallToAction } from '../components/EarnCallToAction';
import { useAuth } from '../lib/auth/react';
import { LazyLandingBalanceText } from '../components/member-balance-lazy';
import { siteStatsQuery } from '../lib/offers/queries';
import { pageHead } from '../lib/page';
import { prefetchPublicQuery } from '../lib/query/public-query';
import { briefly } from '../lib/route-options';
import { releaseShell } from '../lib/shell';
import { pageWidth } from '../ui/styles';
import { WhenNear } from '../ui/WhenNear';
import { Hero } from './-landing/Hero';
import { Benefits, BonusReminder, HowItWorks, StatsStrip } from './-landing/Sections';

// Further down the page: their code, data and rendering wait until the visitor scrolls near them.
const FeaturedChallenges = lazy(() => import('./-landing/FeaturedChallenges').then((module) => ({ default: module.FeaturedChallenges })));
const FeaturedBlogs = lazy(() => import('../components/blog/FeaturedBlogs').then((module) => ({ default: module.FeaturedBlogs })));

export const Route = createFileRoute('/')({
  // A referral link has the form /?ref={uid}.
  validateSearch: (search: Record<string, unknown>): { ref?: string } =>
    typeof search.ref === 'string' && search.ref ? { ref: search.ref } : {},
  // The figures strip renders with the site's counters when they come within a moment (route-options' briefly).
  loader: () => briefly(prefetchPublicQuery(siteStatsQuery())),
  head: () => pageHead(),
  component: Landing,
});

function Landing() {
  const auth = useAuth();
  const { ref } = Route.useSearch();
  const member = auth.status === 'signed-in' && auth.isVerified && auth.user !== null;

  // Only a referral link loads the code that keeps its referrer.
  useEffect(() => {
    if (ref) void import('../lib/auth/referral').then(({ rememberReferral }) => rememberReferral(ref));
  }, [ref]);
  // The page's first render takes the prerendered shell's place (lib/shell.ts).
  useLayoutEffect(() => releaseShell(), []);

  // The balance loads only for a signed-in member.
  const balanceText =
    member && auth.user ? (
      <Suspense fallback="...">
        <LazyLandingBalanceText uid={auth.user.uid} />
      </Suspense>
    ) : (
      formatPence(WELCOME_BONUS_PENCE)
    );
  return (
    <>
      {/* Decorative: one volley of money from both sides as the page opens; nothing under reduced motion. */}
      <CashCannon />
      {/* The page paints over the volley (its own stacking layer above the cannon's). The sections
          below the first two are laid out and painted as they come near the screen (styles.css). */}
      <div className="relative z-10 landing-sections">
        <Hero member={member} balanceText={balanceText} />
        <StatsStrip />
        <WhenNear placeholderClassName="min-h-[104rem] sm:min-h-[56rem] lg:min-h-[42rem]" testId="featured-challenges-slot">
          <FeaturedChallenges />
        </WhenNear>
        <HowItWorks />
        <Benefits />
        <WhenNear placeholderClassName="min-h-[92rem] sm:min-h-[48rem] lg:min-h-[38rem]" testId="featured-blogs-slot">
          <FeaturedBlogs />
        </WhenNear>
        {!member && (
          <section className={`${pageWidth} pb-8`}>
            <EarnCallToAction />
          </section>
        )}
        {!member && <BonusReminder />}
      </div>
    </>
  );
}
