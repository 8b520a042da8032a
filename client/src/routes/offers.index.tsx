import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/page';
import { OffersEmpty } from './-components/OffersEmpty';
import { PageHeader } from './-components/PageHeader';
import { ui } from './-components/ui';

export const Route = createFileRoute('/offers/')({
  head: () => pageHead('Gaming Offers', 'Play mobile games, reach their milestones and earn real money in pounds.'),
  component: OffersPage,
});

function OffersPage() {
  return (
    <>
      <PageHeader
        eyebrow="Play & earn"
        title="Gaming Offers"
        lead="Play mobile games, reach their milestones and earn real money in pounds."
      />
      <section className={`${ui.page} py-12`}>
        <OffersEmpty />
      </section>
    </>
  );
}
