import type { Blog, BlogSummary } from '@playquid/contracts';
import type { BlogState } from '@playquid/domain';
import type { BlogListRow } from './blogs.repository';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A read-table row as the API shows it. */
export function blogOfRow(row: BlogListRow): Blog {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    preview: row.preview,
    content: row.content,
    meta_description: row.meta_description,
    featured_image_url: row.featured_image_url,
    is_published: row.is_published,
    is_featured: row.is_featured,
    // A draft has no publication date, even if it was published once before.
    published_at: row.is_published ? iso(row.published_at) : null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    view_count: row.view_count,
    author: row.author_name,
  };
}

export function summaryOf(blog: Blog): BlogSummary {
  const { content: _content, ...summary } = blog;
  return summary;
}

/** A post as its own stream has it (admin writes answer from the write side, not the lagging read table). */
export function blogOfState(state: BlogState, viewCount: number): Blog {
  const c = state.content!;
  return {
    id: state.blogId!,
    slug: c.slug,
    title: c.title,
    preview: c.preview,
    content: c.content,
    meta_description: c.metaDescription,
    featured_image_url: c.featuredImageUrl,
    is_published: state.published,
    is_featured: state.featured,
    published_at: state.published ? state.publishedAt : null,
    created_at: state.createdAt!,
    updated_at: state.updatedAt!,
    view_count: viewCount,
    author: state.authorName!,
  };
}
