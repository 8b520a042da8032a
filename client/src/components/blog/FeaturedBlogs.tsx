import { Link } from '@tanstack/react-router';
import { ArrowRight, Newspaper } from 'lucide-react';
import { featuredBlogsQuery } from '../../lib/blogs';
import { buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { eyebrowClass, pageWidth } from '../../ui/styles';
import { BlogTeaser } from './BlogCard';
import { usePublicQuery } from '../../lib/query/public-query';

/**
 * Featured blogs from GET /api/blogs/featured?limit=5. A
 * failure is only logged: the section then shows its empty state.
 */
export function FeaturedBlogs({ title = 'Tips to earn more' }: { title?: string }) {
  const { data, isPending, error } = usePublicQuery(featuredBlogsQuery());
  if (error) console.warn('Featured blogs failed to load', error);
  const blogs = data ?? [];
  return (
    <section className={`${pageWidth} pb-20 sm:pb-24`} aria-labelledby="featured-blogs" data-testid="featured-blogs">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className={eyebrowClass}>From the blog</p>
          <h2 id="featured-blogs" className="mt-2 font-display text-4xl font-extrabold text-white">
            {title}
          </h2>
        </div>
        <Link to="/blog" className={buttonClass('ghost')}>
          Visit the blog <ArrowRight size={15} aria-hidden />
        </Link>
      </div>
      {isPending ? (
        <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading featured blog posts">
          {[0, 1, 2].map((slot) => (
            <Card key={slot} className="h-72 animate-pulse" />
          ))}
        </div>
      ) : blogs.length > 0 ? (
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {blogs.slice(0, 3).map((blog) => (
            <li key={blog.id}>
              <BlogTeaser blog={blog} previewChars={120} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-8 flex flex-col items-center gap-3 rounded-3xl border border-dashed border-white/10 px-6 py-12 text-center">
          <span className="grid h-12 w-12 place-items-center rounded-2xl bg-white/5 text-grape-300" aria-hidden>
            <Newspaper size={22} />
          </span>
          <p className="font-display text-lg font-bold text-white">Fresh guides are on the way</p>
          <p className="max-w-md text-sm text-slate-400">Check back soon for new content!</p>
        </div>
      )}
    </section>
  );
}
