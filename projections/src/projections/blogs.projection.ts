import type { BlogContent } from '@playquid/contracts';
import type { BlogsTable, DB } from '@playquid/read-db';
import type { Transaction, Updateable } from 'kysely';
import { defineProjection } from '../projection';

type ContentColumns = Pick<Updateable<BlogsTable>, 'slug' | 'title' | 'preview' | 'content' | 'meta_description' | 'featured_image_url'>;

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

async function update(trx: Transaction<DB>, blogId: string, changes: Updateable<BlogsTable>): Promise<void> {
  await trx.updateTable('blogs').set(changes).where('id', '=', blogId).execute();
}

/**
 * Blog posts. Flags (published, featured) are not edits of the post, so updated_at stays; a
 * deletion removes the row. View counts live in blog_views, written by the API, not here.
 */
export const blogsProjection = defineProjection({
  name: 'blogs',
  tables: ['blogs'],
  handlers: {
    BlogCreated: async (trx, d) => {
      const c = d.content;
      await trx
        .insertInto('blogs')
        .values({
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
        })
        .execute();
    },
    BlogUpdated: (trx, d) => update(trx, d.blogId, { ...contentColumns(d.changes), updated_at: d.updatedAt }),
    BlogPublished: (trx, d) => update(trx, d.blogId, { is_published: true, published_at: d.publishedAt }),
    // published_at stays: the admin table shows 'Draft' from is_published, and a later publish sets it anew.
    BlogUnpublished: (trx, d) => update(trx, d.blogId, { is_published: false }),
    BlogFeatured: (trx, d) => update(trx, d.blogId, { is_featured: true }),
    BlogUnfeatured: (trx, d) => update(trx, d.blogId, { is_featured: false }),
    BlogDeleted: async (trx, d) => {
      await trx.deleteFrom('blogs').where('id', '=', d.blogId).execute();
    },
    // Slug claims only guard uniqueness on the write side; the slug column follows the post's own events.
    BlogSlugClaimed: async () => {},
    BlogSlugReleased: async () => {},
  },
});
