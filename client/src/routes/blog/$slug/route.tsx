import { abbreviateCount, BLOG_LIMITS, BLOG_READ_TIME_LABEL } from '@playquid/contracts';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft, CalendarDays, CircleAlert, Clock, Eye, FileX, RefreshCw } from 'lucide-react';
import { EarnCallToAction } from '../../../components/EarnCallToAction';
import { PageSpinner } from '../../../components/Feedback';
import { EmptyState } from '../../../components/PageHeader';
import { BlogImage, BlogTeaser } from '../../../components/blog/BlogCard';
import { BLOG_TEXT, blogPostQuery, featuredBlogsQuery, formatBlogDate, relatedPosts } from '../../../lib/blogs';
import { pageHead } from '../../../lib/page';
import { blogPostHead } from '../../../lib/seo-head';
import { Button, buttonClass } from '../../../ui/Button';
import { pageWidth } from '../../../ui/styles';
import { ShareButtons } from './-components/ShareButtons';

/** Typography for the sanitised post body (no typography plugin: the few elements admins may use). */
const BODY =
  'text-slate-300 leading-relaxed [&_a]:font-semibold [&_a]:text-quid-300 [&_a]:underline [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-grape-400 [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-white/10 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm [&_h1]:mt-10 [&_h1]:font-display [&_h1]:text-3xl [&_h1]:font-extrabold [&_h1]:text-white [&_h2]:mt-10 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-white [&_h3]:mt-8 [&_h3]:font-display [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-white [&_img]:my-6 [&_img]:rounded-2xl [&_li]:mt-2 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-2xl [&_pre]:bg-ink-950 [&_pre]:p-4 [&_strong]:text-white [&_table]:my-6 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-white/10 [&_td]:px-3 [&_td]:py-2 [&_th]:border [&_th]:border-white/10 [&_th]:bg-white/5 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6';

export const Route = createFileRoute('/blog/$slug')({
  // The head needs the post: loaded here, then read from the same cache by the component.
  loader: async ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(featuredBlogsQuery(BLOG_LIMITS.featuredPostPage));
    try {
      return { blog: await queryClient.ensureQueryData(blogPostQuery(params.slug)) };
    } catch {
      return { blog: null };
    }
  },
  head: ({ loaderData }) => {
    const blog = loaderData?.blog;
    if (!blog) return pageHead(BLOG_TEXT.notFound);
    return blogPostHead({
      slug: blog.slug,
      title: blog.title,
      description: blog.meta_description || blog.preview,
      image: blog.featured_image_url,
      author: blog.author,
      publishedAt: blog.published_at,
      modifiedAt: blog.updated_at,
    });
  },
  pendingComponent: () => <PageSpinner label="Loading article..." />,
  component: BlogPostPage,
});

function BlogPostPage() {
  const { slug } = Route.useParams();
  const { data: blog, isPending, isError, refetch } = useQuery(blogPostQuery(slug));
  const featured = useQuery(featuredBlogsQuery(BLOG_LIMITS.featuredPostPage));

  if (isPending) return <PageSpinner label="Loading article..." />;
  if (isError || !blog) {
    return (
      <section className={`${pageWidth} space-y-12 py-16`}>
        <EmptyState
          icon={isError ? <CircleAlert /> : <FileX />}
          title={isError ? BLOG_TEXT.postFailed : BLOG_TEXT.notFound}
          text={isError ? undefined : 'The article may have moved or is no longer available.'}
          testId={isError ? 'blog-post-error' : 'blog-post-not-found'}
        >
          {isError && (
            <Button onClick={() => void refetch()} variant="secondary">
              <RefreshCw size={16} aria-hidden /> Try Again
            </Button>
          )}
          <Link to="/blog" className={buttonClass('secondary')}>
            <ArrowLeft size={16} aria-hidden /> Back to Blog
          </Link>
        </EmptyState>
        <EarnCallToAction />
      </section>
    );
  }

  const related = relatedPosts(featured.data ?? [], blog);
  const url = `${window.location.origin}/blog/${encodeURIComponent(blog.slug)}`;
  return (
    <article className="pb-16" data-testid="blog-post">
      <div className={`${pageWidth} max-w-4xl pt-8`}>
        <Link to="/blog" className={buttonClass('ghost')}>
          <ArrowLeft size={16} aria-hidden /> Back to Blog
        </Link>
        <BlogImage blog={blog} className="mt-6 aspect-[16/9] w-full rounded-3xl sm:aspect-[21/9]" />
        <h1 className="mt-8 font-display text-3xl font-extrabold text-white sm:text-5xl">{blog.title}</h1>
        <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-400">
          <li className="flex items-center gap-1.5">
            <CalendarDays size={15} aria-hidden /> {formatBlogDate(blog.published_at)}
          </li>
          <li className="flex items-center gap-1.5" data-testid="blog-post-views">
            <Eye size={15} aria-hidden /> {abbreviateCount(blog.view_count)} views
          </li>
          <li className="flex items-center gap-1.5">
            <Clock size={15} aria-hidden /> {BLOG_READ_TIME_LABEL}
          </li>
          <li>By {blog.author}</li>
        </ul>
        <blockquote className="mt-8 rounded-2xl border-l-4 border-quid-300 bg-white/5 px-5 py-4 text-lg text-slate-200 italic">
          {blog.preview}
        </blockquote>
        {/* The server sanitised this HTML on write (server/src/blogs/blog-html.ts); nothing else is rendered as HTML. */}
        <div className={`mt-8 ${BODY}`} data-testid="blog-post-content" dangerouslySetInnerHTML={{ __html: blog.content }} />
        <div className="mt-12 border-t border-white/10 pt-8">
          <ShareButtons url={url} title={blog.title} />
        </div>
      </div>

      <div className={`${pageWidth} mt-14 space-y-14`}>
        <EarnCallToAction />
        {related.length > 0 && (
          <section aria-labelledby="related-articles" data-testid="related-articles">
            <h2 id="related-articles" className="font-display text-2xl font-bold text-white">
              Related Articles
            </h2>
            <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((post) => (
                <li key={post.id}>
                  <BlogTeaser blog={post} previewChars={BLOG_LIMITS.previewChars} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </article>
  );
}
