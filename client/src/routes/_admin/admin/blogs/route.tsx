import type { Blog, BlogSummary } from '@playquid/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CircleAlert, Eye, FileText, Newspaper, Plus, RefreshCw, Star } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Notice, type NoticeMessage } from '../../../../components/Feedback';
import { EmptyState, PageHeader } from '../../../../components/PageHeader';
import {
  ADMIN_BLOGS_KEY,
  adminBlogQuery,
  type AdminBlogsPage,
  adminBlogsQuery,
  BLOG_TEXT,
  blogCommands,
  deleteConfirmText,
} from '../../../../lib/blogs';
import { serverMessage } from '../../../../lib/commands';
import { pageHead } from '../../../../lib/page';
import { useFlash } from '../../../../lib/use-flash';
import { Button, RefreshButton } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { StatCard } from '../../../../ui/StatCard';
import { StatGrid } from '../../../../ui/StatGrid';
import { pageWidth } from '../../../../ui/styles';
import { AdminBlogsTable, type BlogRowAction } from './-components/AdminBlogsTable';
import { BlogFormModal, type BlogFormValues, bodyOf, formValuesOf } from './-components/BlogFormModal';

/** Admin messages stay 5 s. */
const MESSAGE_MS = 5_000;

/** How long the read model may take to show a command's result before the list is refetched. */

export const Route = createFileRoute('/_admin/admin/blogs')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(adminBlogsQuery());
  },
  head: () => pageHead('Blog Posts'),
  component: AdminBlogsPage,
});

type Modal = { mode: 'create' } | { mode: 'edit'; id: string } | null;

const toSummary = ({ content: _content, ...summary }: Blog): BlogSummary => summary;

function AdminBlogsPage() {
  const queryClient = useQueryClient();
  const list = useQuery(adminBlogsQuery());
  const [message, flash] = useFlash<NoticeMessage>(MESSAGE_MS);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [modal, setModal] = useState<Modal>(null);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const detail = useQuery({ ...adminBlogQuery(modal?.mode === 'edit' ? modal.id : ''), enabled: modal?.mode === 'edit' });
  const initial = useMemo(() => (detail.data ? formValuesOf(detail.data) : undefined), [detail.data]);
  useEffect(() => {
    if (detail.isError) setFormError(serverMessage(detail.error, BLOG_TEXT.detailFailed));
  }, [detail.isError, detail.error]);

  const blogs = list.data?.data ?? [];
  const stats = list.data?.stats ?? { total: 0, published: 0, featured: 0 };

  /**
   * The row as the server now has it (a new post joins the top); counters follow from a refetch
   * (never from a guess). The refetch carries the command's log position, so the server answers
   * once the read model has the command and cannot take the new row away again.
   */
  const settle = useCallback(
    (blog?: Blog) => {
      if (blog) {
        queryClient.setQueryData<AdminBlogsPage>(ADMIN_BLOGS_KEY, (page) => {
          if (!page) return page;
          const row = toSummary(blog);
          const known = page.data.some((r) => r.id === blog.id);
          return { ...page, data: known ? page.data.map((r) => (r.id === blog.id ? row : r)) : [row, ...page.data] };
        });
      }
      void queryClient.invalidateQueries({ queryKey: ADMIN_BLOGS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['blogs'] });
    },
    [queryClient],
  );

  const withBusy = async (id: string, work: () => Promise<void>) => {
    setBusyIds((ids) => new Set(ids).add(id));
    try {
      await work();
    } finally {
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      });
    }
  };

  const onAction = (action: BlogRowAction) => {
    const { blog } = action;
    if (action.kind === 'edit') {
      setFormError(null);
      setModal({ mode: 'edit', id: blog.id });
      return;
    }
    if (action.kind === 'delete') {
      if (!window.confirm(deleteConfirmText(blog.title))) return;
      void withBusy(blog.id, async () => {
        try {
          await blogCommands.remove(blog.id);
          queryClient.setQueryData<AdminBlogsPage>(ADMIN_BLOGS_KEY, (page) =>
            page ? { ...page, data: page.data.filter((row) => row.id !== blog.id) } : page,
          );
          setSelected((ids) => new Set([...ids].filter((id) => id !== blog.id)));
          settle();
          flash({ kind: 'success', text: 'Blog deleted successfully' });
        } catch (error) {
          flash({ kind: 'error', text: serverMessage(error, BLOG_TEXT.deleteFailed) });
        }
      });
      return;
    }
    const featured = action.kind === 'featured';
    void withBusy(blog.id, async () => {
      try {
        const response = featured
          ? await blogCommands.setFeatured(blog.id, action.value)
          : await blogCommands.setPublished(blog.id, action.value);
        settle(response.data.blog);
        const text = featured
          ? action.value
            ? 'Blog featured successfully'
            : 'Blog unfeatured successfully'
          : action.value
            ? 'Blog published successfully'
            : 'Blog unpublished successfully';
        flash({ kind: 'success', text });
      } catch (error) {
        flash({ kind: 'error', text: serverMessage(error, featured ? BLOG_TEXT.featuredFailed : BLOG_TEXT.publishedFailed) });
      }
    });
  };

  const submit = async (values: BlogFormValues) => {
    if (!modal) return;
    setSaving(true);
    setFormError(null);
    try {
      if (modal.mode === 'create') {
        await blogCommands.create(bodyOf(values));
        settle();
        flash({ kind: 'success', text: 'Blog created successfully' });
      } else {
        const response = await blogCommands.update(modal.id, bodyOf(values));
        settle(response.data.blog);
        void queryClient.invalidateQueries({ queryKey: ['admin', 'blog', modal.id] });
        flash({ kind: 'success', text: 'Blog updated successfully' });
      }
      setModal(null);
    } catch (error) {
      setFormError(serverMessage(error, modal.mode === 'create' ? BLOG_TEXT.createFailed : BLOG_TEXT.updateFailed));
    } finally {
      setSaving(false);
    }
  };

  const bulk = async (action: 'publish' | 'unpublish' | 'delete') => {
    const ids = [...selected];
    if (ids.length === 0) return;
    if (action === 'delete' && !window.confirm(`Are you sure you want to delete ${ids.length} blog posts? This action cannot be undone.`))
      return;
    try {
      const response = await blogCommands.bulk(action, ids);
      setSelected(new Set());
      settle();
      flash({ kind: 'success', text: response.message });
    } catch (error) {
      flash({ kind: 'error', text: serverMessage(error, `Failed to ${action} the selected blog posts`) });
    }
  };

  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Blog Posts"
        lead="Write, publish and feature articles for the public blog."
        actions={
          <div className="flex flex-wrap gap-2">
            <RefreshButton busy={list.isFetching} onClick={() => void list.refetch()} />
            <Button
              onClick={() => {
                setFormError(null);
                setModal({ mode: 'create' });
              }}
              data-testid="blog-create"
            >
              <Plus size={16} aria-hidden /> New Post
            </Button>
          </div>
        }
      />
      <section className={`${pageWidth} space-y-6 py-8`} data-testid="admin-blogs">
        <StatGrid columns={3}>
          <StatCard label="Total Posts" value={String(stats.total)} icon={FileText} testId="blogs-stat-total" />
          <StatCard label="Published" value={String(stats.published)} icon={Eye} accent="grape" testId="blogs-stat-published" />
          <StatCard label="Featured" value={String(stats.featured)} icon={Star} accent="amber" testId="blogs-stat-featured" />
        </StatGrid>

        {message && (
          <Notice kind={message.kind} testId="admin-blogs-message">
            {message.text}
          </Notice>
        )}

        {selected.size > 0 && (
          <Card className="flex flex-wrap items-center gap-3 p-4" data-testid="blog-bulk-bar">
            <span className="text-sm font-semibold text-white">{selected.size} selected</span>
            <Button variant="secondary" onClick={() => void bulk('publish')}>
              Publish
            </Button>
            <Button variant="secondary" onClick={() => void bulk('unpublish')}>
              Unpublish
            </Button>
            <Button variant="secondary" className="text-red-200" onClick={() => void bulk('delete')}>
              Delete
            </Button>
            <Button variant="ghost" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </Card>
        )}

        {list.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading blog posts">
            {[0, 1, 2].map((slot) => (
              <Card key={slot} className="h-24 animate-pulse" />
            ))}
          </div>
        ) : list.isError ? (
          <EmptyState icon={<CircleAlert />} title={serverMessage(list.error, BLOG_TEXT.adminLoadFailed)} testId="admin-blogs-error">
            <Button onClick={() => void list.refetch()} variant="secondary">
              <RefreshCw size={16} aria-hidden /> Try Again
            </Button>
          </EmptyState>
        ) : blogs.length === 0 ? (
          <EmptyState
            icon={<Newspaper />}
            title="No blog posts found"
            text="Create your first blog post to get started."
            testId="admin-blogs-empty"
          />
        ) : (
          <AdminBlogsTable
            blogs={blogs}
            selected={selected}
            busyIds={busyIds}
            onAction={onAction}
            onSelect={(id, on) =>
              setSelected((ids) => {
                const next = new Set(ids);
                if (on) next.add(id);
                else next.delete(id);
                return next;
              })
            }
            onSelectAll={(on) => setSelected(on ? new Set(blogs.map((blog) => blog.id)) : new Set())}
          />
        )}
      </section>

      {modal && (
        <BlogFormModal
          key={modal.mode === 'edit' ? modal.id : 'create'}
          mode={modal.mode}
          initial={modal.mode === 'edit' ? initial : undefined}
          loading={modal.mode === 'edit' && detail.isPending}
          busy={saving}
          error={formError}
          onSubmit={(values) => void submit(values)}
          onClose={() => setModal(null)}
        />
      )}
    </>
  );
}
