import type { BlogContent } from '@playquid/contracts';
import { defineProjection } from '../projection';
import { type Row, TableBatch } from '../table-batch';

type ContentColumns = Partial<Pick<Row<'blogs'>, 'slug' | 'title' | 'preview' | 'content' | 'meta_description' | 'featured_image_url'>>;

/** The columns of the content fields present in `changes` (an update carries only what changed). */
function contentColumns(changes: Partial<BlogContent>): ContentColumns {
  const columns: ContentColumns = {};
  if (changes.slug !== undefined) columns.slug = changes.slug;
  if (changes.title !== undefined) columns.title = changes.title;
  if (changes.preview !== undefined) columns.preview = changes.preview;
  if (changes.content !== undefined) columns.content = changes.content;
  if (changes.metaDescription !== undefined) columns.meta_description = changes.metaDescription;
  if (changes.featuredImageUrl !== undefined) columns.featured_image_url = changes.featuredImageUrl;
  return columns;
}

/**
 * Blog posts. Flags (published, featured) are not edits of the post, so updated_at stays; a
 * deletion removes the row. View counts live in blog_views, written by the API, not here.
 */
export const blogsProjection = defineProjection({
  name: 'blogs',
  tables: ['blogs'],
  async load(trx, events) {
    const blogs = new TableBatch('blogs', 'id');
    await blogs.load(
      trx,
      events.map((e) => e.data.blogId),
    );
    return { blogs };
  },
  handlers: {
    BlogCreated: ({ blogs }, d) => {
      const c = d.content;
      blogs.insert({
        id: d.blogId,
        slug: c.slug,
        title: c.title,
        preview: c.preview,
        content: c.content,
        meta_description: c.metaDescription,
        featured_image_url: c.featuredImageUrl,
        is_published: false,
        is_featured: false,
        published_at: null,
        author_uid: d.authorUid,
        author_name: d.authorName,
        created_at: d.createdAt,
        updated_at: d.createdAt,
      });
    },
    BlogUpdated: ({ blogs }, d) => blogs.update(d.blogId, { ...contentColumns(d.changes), updated_at: d.updatedAt }),
    BlogPublished: ({ blogs }, d) => blogs.update(d.blogId, { is_published: true, published_at: d.publishedAt }),
    // published_at stays: the admin table shows 'Draft' from is_published, and a later publish sets it anew.
    BlogUnpublished: ({ blogs }, d) => blogs.update(d.blogId, { is_published: false }),
    BlogFeatured: ({ blogs }, d) => blogs.update(d.blogId, { is_featured: true }),
    BlogUnfeatured: ({ blogs }, d) => blogs.update(d.blogId, { is_featured: false }),
    BlogDeleted: ({ blogs }, d) => blogs.delete(d.blogId),
    // Slug claims only guard uniqueness on the write side; the slug column follows the post's own events.
    BlogSlugClaimed: () => {},
    BlogSlugReleased: () => {},
  },
});
