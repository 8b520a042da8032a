import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { pageHead } from '../lib/page';
import { EmptyState } from './-components/PageHeader';
import { ui } from './-components/ui';

export const Route = createFileRoute('/offers/$offerId')({
  head: () => pageHead('Offer Not Found'),
  component: OfferDetailPage,
});

function OfferDetailPage() {
  return (
    <section className={`${ui.page} py-16`}>
      <EmptyState
        icon={<SearchX />}
        title="Offer Not Found"
        text="This offer does not exist or is no longer active."
        testId="offer-not-found"
      >
        <Link to="/offers" className={ui.buttonSecondary}>
          <ArrowLeft size={16} aria-hidden /> Back to Offers
        </Link>
      </EmptyState>
    </section>
  );
}
