import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import { ArrowLeft, BookOpen, ClipboardList, Info, Lightbulb, SearchX, Trophy } from 'lucide-react';
import { PageSpinner, RouteError } from '../../../components/Feedback';
import { EmptyState } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/react';
import { isNotFound, offerDetailError, offerTitle } from '../../../lib/offers';
import { offerQuery } from '../../../lib/offers/queries';
import { pageHead } from '../../../lib/page';
import { offerHead } from '../../../lib/seo-head';
import { buttonClass } from '../../../ui/Button';
import { pageWidth } from '../../../ui/styles';
import { DetailSection, EarningLevels, OfferHeaderCard, TextList } from './-components/OfferOverview';
import { ChallengeStats, ProviderNotice, StartCard } from './-components/StartCard';
import { TaskTimeline } from './-components/TaskTimeline';

export const Route = createFileRoute('/offers/$offerId')({
  loader: ({ context: { auth, queryClient }, params }) =>
    queryClient.ensureQueryData(offerQuery(params.offerId, auth.state.user?.uid ?? null)),
  head: ({ loaderData }) =>
    loaderData
      ? offerHead({
          id: loaderData.id,
          title: offerTitle(loaderData),
          description: loaderData.description ?? '',
          image: loaderData.icon_url,
          rewardPence: loaderData.reward_pence,
          category: loaderData.category,
        })
      : { meta: [...pageHead('Offer Not Found').meta, { name: 'robots', content: 'noindex,nofollow' }] },
  pendingComponent: () => <PageSpinner label="Loading offer..." />,
  errorComponent: OfferError,
  component: OfferDetailPage,
});

function OfferNotFound() {
  return (
    <section className={`${pageWidth} py-16`}>
      <EmptyState
        icon={<SearchX />}
        title="Offer Not Found"
        text="This offer does not exist or is no longer active."
        testId="offer-not-found"
      >
        <Link to="/offers" className={buttonClass('secondary')}>
          <ArrowLeft size={16} aria-hidden /> Back to Offers
        </Link>
      </EmptyState>
    </section>
  );
}

/** 404 gets the 'Offer Not Found' page; anything else the load-failure text with a retry. */
function OfferError(props: ErrorComponentProps) {
  if (isNotFound(props.error)) return <OfferNotFound />;
  return <RouteError {...props} error={new Error(offerDetailError(props.error))} title="Failed to load offer details" />;
}

function BackButton() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const className = buttonClass('ghost', '-ml-3');
  // Back to wherever the visitor came from (landing, dashboard, offers); the offers page otherwise.
  return canGoBack ? (
    <button type="button" className={className} onClick={() => router.history.back()} data-testid="offer-back">
      <ArrowLeft size={16} aria-hidden /> Back
    </button>
  ) : (
    <Link to="/offers" className={className} data-testid="offer-back">
      <ArrowLeft size={16} aria-hidden /> Back to Offers
    </Link>
  );
}

function OfferDetailPage() {
  const { offerId } = Route.useParams();
  const auth = useAuth();
  const member = auth.status === 'signed-in' && auth.isVerified;
  const { data: offer } = useSuspenseQuery(offerQuery(offerId, auth.user?.uid ?? null));

  return (
    <div className="relative">
      <div className="pointer-events-none absolute inset-x-0 top-0 h-96 bg-linear-to-b from-grape-600/15 to-transparent" aria-hidden />
      <section className={`${pageWidth} relative py-8 sm:py-10`} data-testid="offer-detail" data-offer-id={offer.id}>
        <BackButton />
        <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="flex min-w-0 flex-col gap-6">
            <OfferHeaderCard offer={offer} />
            <DetailSection title="About this game" icon={Info} testId="offer-description">
              <p className="leading-relaxed whitespace-pre-line">{offer.description || 'Play the game and complete its levels to earn.'}</p>
            </DetailSection>
            {offer.requirements?.length > 0 && (
              <DetailSection title="Requirements" icon={ClipboardList} testId="offer-requirements">
                <TextList items={offer.requirements} />
              </DetailSection>
            )}
            {offer.instructions?.length > 0 && (
              <DetailSection title="How to complete" icon={BookOpen} testId="offer-instructions">
                <TextList items={offer.instructions} ordered />
              </DetailSection>
            )}
            <DetailSection title="Earning Levels" icon={Trophy} testId="offer-levels">
              <EarningLevels offer={offer} />
            </DetailSection>
            {member && auth.user && <TaskTimeline offerId={offer.id} uid={auth.user.uid} />}
          </div>

          <aside className="flex flex-col gap-6 lg:sticky lg:top-24 lg:self-start" aria-label="Start this offer">
            <StartCard offer={offer} member={member} />
            <ChallengeStats offer={offer} />
            {offer.things_to_know?.length > 0 && (
              <DetailSection title="Things to know" icon={Lightbulb} testId="offer-things-to-know">
                <TextList items={offer.things_to_know} />
              </DetailSection>
            )}
            <ProviderNotice offer={offer} />
          </aside>
        </div>
      </section>
    </div>
  );
}
