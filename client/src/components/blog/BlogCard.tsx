import { abbreviateCount, type BlogSummary } from '@playquid/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowRight, CalendarDays, Eye, Newspaper, UserRound } from 'lucide-react';
import { useState } from 'react';
import { formatBlogDate } from '../../lib/blogs';
import { Card, cardClass } from '../../ui/Card';

/** A post's featured image, or a branded panel when it has none or it fails to load. */
export function BlogImage({ blog, className = '' }: { blog: Pick<BlogSummary, 'featured_image_url' | 'title'>; className?: string }) {
  const [broken, setBroken] = useState(false);
  if (!blog.featured_image_url || broken) {
    return (
      <div
        className={`grid place-items-center bg-linear-to-br from-grape-600/40 via-ink-900 to-quid-500/20 text-grape-200 ${className}`}
        aria-hidden
      >
        <Newspaper size={36} />
      </div>
    );
  }
  return (
    <img src={blog.featured_image_url} alt="" loading="lazy" onError={() => setBroken(true)} className={`object-cover ${className}`} />
  );
}

/** A card of the blog list: image, title, preview, author, date, views, Read More. */
export function BlogCard({ blog }: { blog: BlogSummary }) {
  return (
    <Card as="article" className="group flex h-full flex-col overflow-hidden" data-testid="blog-card">
      <Link to="/blog/$slug" params={{ slug: blog.slug }} tabIndex={-1} aria-hidden className="block overflow-hidden">
        <BlogImage blog={blog} className="aspect-[16/9] w-full transition duration-500 group-hover:scale-[1.03]" />
      </Link>
      <div className="flex flex-1 flex-col p-6">
        <h2 className="font-display text-xl font-bold text-white">
          <Link to="/blog/$slug" params={{ slug: blog.slug }} className="hover:text-quid-200">
            {blog.title}
          </Link>
        </h2>
        <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-400">{blog.preview}</p>
        <dl className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-400">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Author</dt>
            <UserRound size={14} aria-hidden />
            <dd>{blog.author}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Published</dt>
            <CalendarDays size={14} aria-hidden />
            <dd>{formatBlogDate(blog.published_at)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Views</dt>
            <Eye size={14} aria-hidden />
            <dd data-testid="blog-card-views">{abbreviateCount(blog.view_count)} views</dd>
          </div>
        </dl>
        <Link
          to="/blog/$slug"
          params={{ slug: blog.slug }}
          className="mt-5 inline-flex items-center gap-1.5 text-sm font-bold text-quid-300 hover:text-quid-200"
        >
          Read More <ArrowRight size={15} aria-hidden />
          <span className="sr-only">: {blog.title}</span>
        </Link>
      </div>
    </Card>
  );
}

export function BlogCardSkeleton() {
  return (
    <Card className="overflow-hidden" data-testid="blog-card-skeleton">
      <div className="aspect-[16/9] w-full animate-pulse bg-white/5" />
      <div className="space-y-3 p-6">
        <div className="h-5 w-3/4 animate-pulse rounded-lg bg-white/10" />
        <div className="h-3 w-full animate-pulse rounded bg-white/5" />
        <div className="h-3 w-5/6 animate-pulse rounded bg-white/5" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-white/5" />
      </div>
    </Card>
  );
}

/** A compact link to a post: the landing, offers-preview and related articles. */
export function BlogTeaser({ blog, previewChars }: { blog: BlogSummary; previewChars?: number }) {
  const preview = previewChars && blog.preview.length > previewChars ? `${blog.preview.slice(0, previewChars).trimEnd()}…` : blog.preview;
  return (
    <Link
      to="/blog/$slug"
      params={{ slug: blog.slug }}
      className={`${cardClass} group flex h-full flex-col overflow-hidden transition hover:border-quid-300/40`}
      data-testid="blog-teaser"
    >
      <BlogImage blog={blog} className="aspect-[16/9] w-full" />
      <div className="flex flex-1 flex-col p-5">
        <h3 className="font-display text-lg font-bold text-white group-hover:text-quid-200">{blog.title}</h3>
        <p className="mt-2 flex-1 text-sm text-slate-400">{preview}</p>
        <span className="mt-4 inline-flex items-center gap-1.5 text-sm font-bold text-quid-300">
          Read More <ArrowRight size={15} aria-hidden />
        </span>
      </div>
    </Link>
  );
}
