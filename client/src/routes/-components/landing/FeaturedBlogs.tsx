import { Link } from '@tanstack/react-router';
import { ArrowRight, Newspaper } from 'lucide-react';
import { ui } from '../ui';

/**
 * Landing "featured blogs" slot. The blog is not built yet, so this is its empty state; once
 * posts exist it lists GET /api/blogs/featured?limit=5 here (spec 7), and failures stay silent.
 */
export function FeaturedBlogs() {
  return (
    <section className={`${ui.page} pb-20 sm:pb-24`} aria-labelledby="featured-blogs" data-testid="featured-blogs">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className={ui.eyebrow}>From the blog</p>
          <h2 id="featured-blogs" className="mt-2 font-display text-4xl font-extrabold text-white">
            Tips to earn more
          </h2>
        </div>
        <Link to="/blog" className={ui.buttonGhost}>
          Visit the blog <ArrowRight size={15} aria-hidden />
        </Link>
      </div>
      <div className="mt-8 flex flex-col items-center gap-3 rounded-3xl border border-dashed border-white/10 px-6 py-12 text-center">
        <span className="grid h-12 w-12 place-items-center rounded-2xl bg-white/5 text-grape-300" aria-hidden>
          <Newspaper size={22} />
        </span>
        <p className="font-display text-lg font-bold text-white">Fresh guides are on the way</p>
        <p className="max-w-md text-sm text-slate-400">Check back soon for new content!</p>
      </div>
    </section>
  );
}
