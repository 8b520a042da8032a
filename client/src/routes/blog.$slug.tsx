import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft, FileX } from 'lucide-react';
import { pageHead } from '../lib/page';
import { EarnCallToAction } from './-components/EarnCallToAction';
import { EmptyState } from './-components/PageHeader';
import { ui } from './-components/ui';

export const Route = createFileRoute('/blog/$slug')({
  head: () => pageHead('Blog post not found'),
  component: BlogPostPage,
});

function BlogPostPage() {
  return (
    <section className={`${ui.page} space-y-12 py-16`}>
      <EmptyState icon={<FileX />} title="Blog post not found" testId="blog-post-not-found">
        <Link to="/blog" className={ui.buttonSecondary}>
          <ArrowLeft size={16} aria-hidden /> Back to Blog
        </Link>
      </EmptyState>
      <EarnCallToAction />
    </section>
  );
}
