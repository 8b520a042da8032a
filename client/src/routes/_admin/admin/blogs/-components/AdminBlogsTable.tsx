import { abbreviateCount, type BlogSummary } from '@playquid/contracts';
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { formatBlogDate, truncate } from '../../../../../lib/blogs';
import { Badge } from '../../../../../ui/Badge';
import { Button, buttonClass } from '../../../../../ui/Button';
import { Card } from '../../../../../ui/Card';
import { Switch } from '../../../../../ui/Switch';
import { rowClass, Table, Th } from '../../../../../ui/Table';

export type BlogRowAction =
  | { kind: 'published'; blog: BlogSummary; value: boolean }
  | { kind: 'featured'; blog: BlogSummary; value: boolean }
  | { kind: 'edit'; blog: BlogSummary }
  | { kind: 'delete'; blog: BlogSummary };

const StatusBadge = ({ published }: { published: boolean }) => (
  <Badge tone={published ? 'success' : 'warning'}>{published ? 'Published' : 'Draft'}</Badge>
);

function Actions({ blog, onAction }: { blog: BlogSummary; onAction: (action: BlogRowAction) => void }) {
  return (
    <div className="flex items-center gap-1">
      <Button variant="ghost" onClick={() => onAction({ kind: 'edit', blog })} aria-label={`Edit ${blog.title}`} data-testid="blog-edit">
        <Pencil size={16} aria-hidden />
      </Button>
      {blog.is_published ? (
        <a
          href={`/blog/${encodeURIComponent(blog.slug)}`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('ghost')}
          aria-label={`View ${blog.title} in a new tab`}
        >
          <ExternalLink size={16} aria-hidden />
        </a>
      ) : (
        // Keeps the delete button in the same column as on published rows.
        <span className="w-10" aria-hidden />
      )}
      <Button
        variant="ghost"
        className="hover:text-red-300"
        onClick={() => onAction({ kind: 'delete', blog })}
        aria-label={`Delete ${blog.title}`}
        data-testid="blog-delete"
      >
        <Trash2 size={16} aria-hidden />
      </Button>
    </div>
  );
}

/**
 * Blog Posts table: post (title, 80-character preview, date or 'Draft', path), status,
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
            <Card as="li" key={blog.id} className="p-5" data-testid="admin-blog-row">
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
            </Card>
          );
        })}
      </ul>
      <Table
        className="hidden lg:block"
        testId="admin-blogs-table"
        head={
          <>
            <Th>
              <input
                type="checkbox"
                className="h-4 w-4 accent-quid-300"
                checked={allSelected}
                onChange={(event) => onSelectAll(event.target.checked)}
                aria-label="Select all posts"
              />
            </Th>
            <Th>Post</Th>
            <Th>Status</Th>
            <Th>Views</Th>
            <Th>Featured</Th>
            <Th>Published</Th>
            <Th>Actions</Th>
          </>
        }
      >
        {blogs.map((blog) => {
          const t = toggles(blog);
          return (
            <tr key={blog.id} className={`align-top ${rowClass}`} data-testid="admin-blog-row">
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
      </Table>
    </>
  );
}
