import { formatPence, WELCOME_BONUS_PENCE } from '@playquid/contracts';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowRight, Gift, Lock } from 'lucide-react';
import { useMemo } from 'react';
import { PageHeader } from '../components/PageHeader';
import { FeaturedBlogs } from '../components/blog/FeaturedBlogs';
import { OfferCard, OfferCardSkeleton } from '../components/offers/OfferCard';
import { useAuth } from '../lib/auth/react';
import { isActiveOffer, sortOffers } from '../lib/offers';
import { allOffersQuery } from '../lib/offers/queries';
import { pageHead } from '../lib/page';
import { buttonClass } from '../ui/Button';
import { Card } from '../ui/Card';
import { pageWidth } from '../ui/styles';

/** How many offers the teaser shows in full, and how many more it hints at behind the sign-up card. */
const SHOWN = 6;
const TEASED = 3;

/** The offers preview linked from blog pages: a taste of the offers grid and a sign-up call to action. */
export const Route = createFileRoute('/offers-preview')({
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(allOffersQuery()),
  head: () => pageHead('Gaming Offers Preview', 'A look at the games you can play on PlayQuid to earn real money.'),
  component: OffersPreviewPage,
});

function OffersPreviewPage() {
  const auth = useAuth();
  const member = auth.status === 'signed-in' && auth.isVerified;
  const { data, isPending } = useQuery(allOffersQuery());
  const offers = useMemo(() => sortOffers((data ?? []).filter(isActiveOffer), 'highest_reward'), [data]);
  const shown = offers.slice(0, SHOWN);
  const teased = offers.slice(SHOWN, SHOWN + TEASED);
  const more = Math.max(0, offers.length - SHOWN);

  return (
    <>
      <PageHeader
        eyebrow="Preview"
        title="Gaming Offers"
        lead="A look at the games you can play to earn real money. Each one pays you for the levels and milestones you reach."
      />
      <section className={`${pageWidth} py-10`} data-testid="offers-preview">
        {isPending ? (
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading offers">
            {Array.from({ length: SHOWN }, (_, slot) => (
              <OfferCardSkeleton key={slot} />
            ))}
          </div>
        ) : (
          shown.length > 0 && (
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((offer) => (
                <li key={offer.id}>
                  <OfferCard offer={offer} />
                </li>
              ))}
            </ul>
          )
        )}

        <div className={`relative mt-5 ${teased.length > 0 ? 'min-h-[22rem]' : ''}`}>
          {teased.length > 0 && (
            // Real cards, blurred and inert: a glimpse of what signing up opens.
            <div
              className="pointer-events-none grid gap-5 opacity-60 blur-[6px] select-none sm:grid-cols-2 lg:grid-cols-3"
              aria-hidden
              inert
            >
              {teased.map((offer) => (
                <OfferCard key={offer.id} offer={offer} />
              ))}
            </div>
          )}
          <div className={`${teased.length > 0 ? 'absolute inset-0 grid place-items-center p-4' : ''}`}>
            <Card
              className="relative w-full max-w-xl overflow-hidden border-quid-300/30 p-8 text-center sm:p-10"
              data-testid="offers-preview-cta"
            >
              <div
                className="pointer-events-none absolute -bottom-20 left-1/2 h-48 w-80 -translate-x-1/2 rounded-full bg-quid-400/20 blur-3xl"
                aria-hidden
              />
              <span className="relative mx-auto grid h-12 w-12 place-items-center rounded-2xl bg-quid-300 text-ink-950" aria-hidden>
                {member ? <ArrowRight size={22} /> : <Lock size={22} />}
              </span>
              <h2 className="relative mt-4 font-display text-2xl font-extrabold text-white">
                {more > 0 ? `${more} more ${more === 1 ? 'game is' : 'games are'} waiting` : 'New games every week'}
              </h2>
              <p className="relative mt-2 text-slate-300">
                {member
                  ? 'Open the full offers page to search, filter and start playing.'
                  : `Sign up free to unlock every offer, follow your progress and get a ${formatPence(WELCOME_BONUS_PENCE)} welcome bonus, cashable once your first offer is approved.`}
              </p>
              <div className="relative mt-6 flex flex-wrap justify-center gap-3">
                {member ? (
                  <Link to="/offers" className={buttonClass('primary')}>
                    See all offers <ArrowRight size={16} aria-hidden />
                  </Link>
                ) : (
                  <>
                    <Link to="/signup" className={buttonClass('primary')} data-testid="offers-preview-signup">
                      <Gift size={16} aria-hidden /> Get Started Free
                    </Link>
                    <Link to="/offers" className={buttonClass('secondary')}>
                      Browse all offers
                    </Link>
                  </>
                )}
              </div>
            </Card>
          </div>
        </div>
      </section>
      <FeaturedBlogs title="Guides to earn more" />
    </>
  );
}
