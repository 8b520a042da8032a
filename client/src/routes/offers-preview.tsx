import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/page';
import { OffersEmpty } from './-components/OffersEmpty';
import { PageHeader } from './-components/PageHeader';
import { ui } from './-components/ui';

/** The offers preview linked from blog pages. */
export const Route = createFileRoute('/offers-preview')({
  head: () => pageHead('Gaming Offers Preview', 'A look at the games you can play on PlayQuid to earn real money.'),
  component: OffersPreviewPage,
});

function OffersPreviewPage() {
  return (
    <>
      <PageHeader
        eyebrow="Preview"
        title="Gaming Offers"
        lead="A look at the games you can play to earn real money. Sign up to start one."
      />
      <section className={`${ui.page} py-12`}>
        <OffersEmpty />
      </section>
    </>
  );
}
