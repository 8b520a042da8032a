import { createFileRoute } from '@tanstack/react-router';
import { Newspaper } from 'lucide-react';
import { pageHead } from '../lib/page';
import { EarnCallToAction } from './-components/EarnCallToAction';
import { EmptyState, PageHeader } from './-components/PageHeader';
import { ui } from './-components/ui';

export const Route = createFileRoute('/blog/')({
  head: () => pageHead('Blog', 'Guides and news about earning real money by playing mobile games.'),
  component: BlogPage,
});

function BlogPage() {
  return (
    <>
      <PageHeader eyebrow="Blog" title="PlayQuid Blog" lead="Guides and news about earning real money by playing mobile games." />
      <section className={`${ui.page} space-y-12 py-12`}>
        <EmptyState icon={<Newspaper />} title="No articles yet" text="Check back soon for new content!" testId="blog-empty" />
        <EarnCallToAction />
      </section>
    </>
  );
}
