import type { Kysely } from 'kysely';

/**
 * Blog posts (projection `blogs`) and their view counters. Views are deliberately not events (one
 * per page view would swamp the log with facts nobody replays): the public GET increments
 * `blog_views` directly. It is a separate table, not a column of `blogs`, because a projection's
 * tables are emptied by `rebuild` and compared by `verify`; a counter the API owns must survive both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blogs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('preview', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('meta_description', 'text')
    .addColumn('featured_image_url', 'text')
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('published_at', 'timestamptz')
    .addColumn('author_uid', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Not a unique index: slugs are made unique on the write side (blogslug-<slug> streams), and a
  // constraint here could only stall the projection on an event the log already holds.
  await db.schema.createIndex('blogs_slug_idx').on('blogs').column('slug').execute();
  // The public list: published posts, newest first.
  await db.schema.createIndex('blogs_published_idx').on('blogs').columns(['is_published', 'published_at']).execute();

  await db.schema
    .createTable('blog_views')
    .addColumn('blog_id', 'text', (c) => c.primaryKey())
    .addColumn('view_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blog_views').ifExists().execute();
  await db.schema.dropTable('blogs').ifExists().execute();
}
