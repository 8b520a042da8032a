import { type BlogSummary, abbreviateCount } from '@playquid/contracts';
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { formatBlogDate, truncate } from '../../../lib/blogs';
import { ui } from '../ui';

export type BlogRowAction =
  | { kind: 'published'; blog: BlogSummary; value: boolean }
  | { kind: 'featured'; blog: BlogSummary; value: boolean }
  | { kind: 'edit'; blog: BlogSummary }
  | { kind: 'delete'; blog: BlogSummary };

/** An on/off switch (role="switch"), named by `label`; it shows the server's value, never a guess. */
function Switch({ on, label, busy, onToggle, testId }: { on: boolean; label: string; busy: boolean; onToggle: () => void; testId: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      disabled={busy}
      onClick={onToggle}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition disabled:cursor-wait disabled:opacity-50 ${
        on ? 'border-transparent bg-quid-400' : 'border-white/15 bg-white/10'
      }`}
      data-testid={testId}
    >
      <span className={`inline-block h-4.5 w-4.5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-[1.4rem]' : 'translate-x-1'}`} />
    </button>
  );
}

const StatusBadge = ({ published }: { published: boolean }) => (
  <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-bold ${published ? 'bg-quid-300/15 text-quid-200' : 'bg-amber-400/15 text-amber-200'}`}>
    {published ? 'Published' : 'Draft'}
  </span>
);

function Actions({ blog, onAction }: { blog: BlogSummary; onAction: (action: BlogRowAction) => void }) {
  return (
    <div className="flex items-center gap-1">
      <button type="button" className={ui.buttonGhost} onClick={() => onAction({ kind: 'edit', blog })} aria-label={`Edit ${blog.title}`} data-testid="blog-edit">
        <Pencil size={16} aria-hidden />
      </button>
      {blog.is_published ? (
        <a href={`/blog/${encodeURIComponent(blog.slug)}`} target="_blank" rel="noopener noreferrer" className={ui.buttonGhost} aria-label={`View ${blog.title} in a new tab`}>
          <ExternalLink size={16} aria-hidden />
        </a>
      ) : (
        // Keeps the delete button in the same column as on published rows.
        <span className="w-10" aria-hidden />
      )}
      <button
        type="button"
        className={`${ui.buttonGhost} hover:text-red-300`}
        onClick={() => onAction({ kind: 'delete', blog })}
        aria-label={`Delete ${blog.title}`}
        data-testid="blog-delete"
      >
        <Trash2 size={16} aria-hidden />
      </button>
    </div>
  );
}

/**
 * Blog Posts table (spec 2 admin): post (title, 80-character preview, date or 'Draft', path), status,
 * views, featured and published toggles, actions. Below 1024 px each post is a card instead.
 */
export function AdminBlogsTable({
  blogs,
  selected,
  onSelect,
  onSelectAll,
  busyIds,
  onAction,
}: {
  blogs: BlogSummary[];
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onSelectAll: (on: boolean) => void;
  busyIds: ReadonlySet<string>;
  onAction: (action: BlogRowAction) => void;
}) {
  const allSelected = blogs.length > 0 && blogs.every((blog) => selected.has(blog.id));
  const toggles = (blog: BlogSummary) => ({
    featured: (
      <Switch
        on={blog.is_featured}
        label={`Featured: ${blog.title}`}
        busy={busyIds.has(blog.id)}
        onToggle={() => onAction({ kind: 'featured', blog, value: !blog.is_featured })}
        testId="blog-featured-toggle"
      />
    ),
    published: (
      <Switch
        on={blog.is_published}
        label={`Published: ${blog.title}`}
        busy={busyIds.has(blog.id)}
        onToggle={() => onAction({ kind: 'published', blog, value: !blog.is_published })}
        testId="blog-published-toggle"
      />
    ),
  });
  const check = (blog: BlogSummary) => (
    <input
      type="checkbox"
      className="h-4 w-4 accent-quid-300"
      checked={selected.has(blog.id)}
      onChange={(event) => onSelect(blog.id, event.target.checked)}
      aria-label={`Select ${blog.title}`}
    />
  );
  const post = (blog: BlogSummary) => (
    <div className="min-w-0">
      <p className="font-semibold text-white">{blog.title}</p>
      <p className="mt-1 text-sm text-slate-400">{truncate(blog.preview)}</p>
      <p className="mt-1 text-xs text-slate-500">
        {formatBlogDate(blog.is_published ? blog.published_at : null)} · <span className="font-mono">/blog/{blog.slug}</span>
      </p>
    </div>
  );

  return (
    <>
      <ul className="grid gap-4 lg:hidden" data-testid="admin-blog-cards">
        {blogs.map((blog) => {
          const t = toggles(blog);
          return (
            <li key={blog.id} className={`${ui.card} p-5`} data-testid="admin-blog-row">
              <div className="flex items-start gap-3">
                {check(blog)}
                {post(blog)}
              </div>
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-white/5 pt-4 text-sm text-slate-300">
                <StatusBadge published={blog.is_published} />
                <span>{abbreviateCount(blog.view_count)} views</span>
                <label className="flex items-center gap-2">Featured {t.featured}</label>
                <label className="flex items-center gap-2">Published {t.published}</label>
                <Actions blog={blog} onAction={onAction} />
              </div>
            </li>
          );
        })}
      </ul>
      <div className={`${ui.card} hidden overflow-x-auto lg:block`}>
        <table className="w-full text-left text-sm" data-testid="admin-blogs-table">
          <thead className="border-b border-white/10 text-xs tracking-wider text-slate-400 uppercase">
            <tr>
              <th className="px-4 py-3">
                <input type="checkbox" className="h-4 w-4 accent-quid-300" checked={allSelected} onChange={(event) => onSelectAll(event.target.checked)} aria-label="Select all posts" />
              </th>
              <th className="px-4 py-3">Post</th>
              <th className="px-4 py-3">Status</th>
              <th className="px-4 py-3">Views</th>
              <th className="px-4 py-3">Featured</th>
              <th className="px-4 py-3">Published</th>
              <th className="px-4 py-3">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {blogs.map((blog) => {
              const t = toggles(blog);
              return (
                <tr key={blog.id} className="align-top hover:bg-white/[0.02]" data-testid="admin-blog-row">
                  <td className="px-4 py-4">{check(blog)}</td>
                  <td className="max-w-md px-4 py-4">{post(blog)}</td>
                  <td className="px-4 py-4">
                    <StatusBadge published={blog.is_published} />
                  </td>
                  <td className="px-4 py-4 text-slate-300">{abbreviateCount(blog.view_count)}</td>
                  <td className="px-4 py-4">{t.featured}</td>
                  <td className="px-4 py-4">{t.published}</td>
                  <td className="px-4 py-4">
                    <Actions blog={blog} onAction={onAction} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
