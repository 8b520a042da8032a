import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { CircleAlert, Newspaper, RefreshCw } from 'lucide-react';
import { useLayoutEffect, useState } from 'react';
import { EarnCallToAction } from '../../components/EarnCallToAction';
import { EmptyState, PageHeader } from '../../components/PageHeader';
import { BlogCard, BlogCardSkeleton } from '../../components/blog/BlogCard';
import { BLOG_TEXT, blogsQuery, searchBlogs } from '../../lib/blogs';
import { serverMessage } from '../../lib/server-message';
import { pageHead } from '../../lib/page';
import { briefly } from '../../lib/route-options';
import { BLOG_HEADER } from '../../lib/page-headers';
import { releaseShell } from '../../lib/shell';
import { Button, RefreshButton } from '../../ui/Button';
import { NumberedPager } from '../../ui/Pager';
import { SearchField } from '../../ui/SearchField';
import { pageWidth } from '../../ui/styles';

/** five placeholders while the list loads. */
const PLACEHOLDERS = 5;

export const Route = createFileRoute('/blog/')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = Number(search.page);
    return { page: Number.isInteger(page) && page > 1 ? page : undefined };
  },
  // With its list when the API answers within a moment (route-options' briefly); a failure is the page's to show.
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context: { queryClient }, deps }) => briefly(queryClient.prefetchQuery(blogsQuery(deps.page))),
  head: () => pageHead('Blog', 'Guides and news about earning real money by playing mobile games.'),
  component: BlogPage,
});

function BlogPage() {
  // The page's first render takes the prerendered shell's place (lib/shell.ts).
  useLayoutEffect(() => releaseShell(), []);
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
      <PageHeader {...BLOG_HEADER} />
      <section className={`${pageWidth} space-y-8 py-10 sm:py-12`}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <SearchField
            label="Search articles"
            className="w-full sm:max-w-md"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search articles..."
            data-testid="blog-search"
          />
          <div className="flex items-center justify-between gap-3 sm:justify-end">
            <p className="text-sm text-slate-400" data-testid="blog-count" aria-live="polite">
              {isPending
                ? 'Loading articles…'
                : `${search ? blogs.length : total} ${(search ? blogs.length : total) === 1 ? 'article' : 'articles'}`}
            </p>
            <RefreshButton busy={isFetching} onClick={() => void refetch()} data-testid="blog-refresh" />
          </div>
        </div>

        {isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading articles">
            {Array.from({ length: PLACEHOLDERS }, (_, slot) => (
              <BlogCardSkeleton key={slot} />
            ))}
          </div>
        ) : isError ? (
          <EmptyState
            icon={<CircleAlert />}
            title="Failed to load blog posts"
            text={serverMessage(error, BLOG_TEXT.listFailed)}
            testId="blog-error"
          >
            <Button onClick={() => void refetch()} variant="secondary">
              <RefreshCw size={16} aria-hidden /> Try Again
            </Button>
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

        {data && <NumberedPager page={page} totalPages={data.total_pages} onPage={goTo} label="Blog pages" testId="pagination" />}
        <EarnCallToAction />
      </section>
    </>
  );
}
