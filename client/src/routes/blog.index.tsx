import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { CircleAlert, Newspaper, RefreshCw, Search } from 'lucide-react';
import { useState } from 'react';
import { BLOG_TEXT, blogsQuery, searchBlogs } from '../lib/blogs';
import { serverMessage } from '../lib/commands';
import { pageHead } from '../lib/page';
import { BlogCard, BlogCardSkeleton } from './-components/blog/BlogCard';
import { Pagination } from './-components/blog/Pagination';
import { EarnCallToAction } from './-components/EarnCallToAction';
import { EmptyState, PageHeader } from './-components/PageHeader';
import { ui } from './-components/ui';

/** Spec 2: five placeholders while the list loads. */
const PLACEHOLDERS = 5;

export const Route = createFileRoute('/blog/')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = Number(search.page);
    return { page: Number.isInteger(page) && page > 1 ? page : undefined };
  },
  head: () => pageHead('Blog', 'Guides and news about earning real money by playing mobile games.'),
  component: BlogPage,
});

function BlogPage() {
  const { page = 1 } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [search, setSearch] = useState('');
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(blogsQuery(page));
  const blogs = searchBlogs(data?.data ?? [], search);
  const total = data?.total ?? 0;
  const goTo = (next: number) => {
    void navigate({ search: { page: next > 1 ? next : undefined } });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <>
      <PageHeader eyebrow="Blog" title="PlayQuid Blog" lead="Guides and news about earning real money by playing mobile games." />
      <section className={`${ui.page} space-y-8 py-10 sm:py-12`}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <label className="relative w-full sm:max-w-md">
            <span className="sr-only">Search articles</span>
            <Search className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-slate-500" size={18} aria-hidden />
            <input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search articles..."
              className={`${ui.input} pl-11`}
              data-testid="blog-search"
            />
          </label>
          <div className="flex items-center justify-between gap-3 sm:justify-end">
            <p className="text-sm text-slate-400" data-testid="blog-count" aria-live="polite">
              {isPending ? 'Loading articles…' : `${search ? blogs.length : total} ${(search ? blogs.length : total) === 1 ? 'article' : 'articles'}`}
            </p>
            <button type="button" onClick={() => void refetch()} className={ui.buttonSecondary} disabled={isFetching} data-testid="blog-refresh">
              <RefreshCw size={16} className={isFetching ? 'animate-spin' : ''} aria-hidden /> Refresh
            </button>
          </div>
        </div>

        {isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading articles">
            {Array.from({ length: PLACEHOLDERS }, (_, slot) => (
              <BlogCardSkeleton key={slot} />
            ))}
          </div>
        ) : isError ? (
          <EmptyState icon={<CircleAlert />} title="Failed to load blog posts" text={serverMessage(error, BLOG_TEXT.listFailed)} testId="blog-error">
            <button type="button" onClick={() => void refetch()} className={ui.buttonSecondary}>
              <RefreshCw size={16} aria-hidden /> Try Again
            </button>
          </EmptyState>
        ) : blogs.length === 0 ? (
          <EmptyState
            icon={<Newspaper />}
            title="No articles found"
            text={search ? 'Try adjusting your search terms' : 'Check back soon for new content!'}
            testId="blog-empty"
          />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="blog-list">
            {blogs.map((blog) => (
              <li key={blog.id}>
                <BlogCard blog={blog} />
              </li>
            ))}
          </ul>
        )}

        {data && <Pagination page={page} totalPages={data.total_pages} onPage={goTo} label="Blog pages" />}
        <EarnCallToAction />
      </section>
    </>
  );
}
