import { Inject, Injectable } from '@nestjs/common';
import { blogAuthorName } from '@playquid/domain';
import type { BlogRow, DB } from '@playquid/read-db';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { likeContains } from '../common/like-pattern';
import { READ_DB } from '../infra/tokens';

/** A post with its view count (blog_views is kept beside the projected table). */
export type BlogListRow = BlogRow & { view_count: number };

export interface BlogFilter {
  search?: string;
  /** Public lists pass true; the admin list may ask for drafts only (false) or everything (undefined). */
  published?: boolean;
  featured?: boolean;
}

const matching = (filter: BlogFilter) => (eb: ExpressionBuilder<DB, 'blogs'>) =>
  eb.and([
    ...(filter.published !== undefined ? [eb('blogs.is_published', '=', filter.published)] : []),
    ...(filter.featured !== undefined ? [eb('blogs.is_featured', '=', filter.featured)] : []),
    ...(filter.search ? [eb.or([eb('blogs.title', 'ilike', likeContains(filter.search)), eb('blogs.preview', 'ilike', likeContains(filter.search))])] : []),
  ]);

@Injectable()
export class BlogsRepository {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  private withViews() {
    return this.db
      .selectFrom('blogs')
      .leftJoin('blog_views', 'blog_views.blog_id', 'blogs.id')
      .selectAll('blogs')
      .select((eb) => eb.fn.coalesce('blog_views.view_count', sql<number>`0`).as('view_count'));
  }

  /** Newest first: published posts by their publication, drafts (admin list) by their creation. */
  async page(filter: BlogFilter, limit: number, offset: number): Promise<{ rows: BlogListRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.withViews()
        .where(matching(filter))
        .orderBy(sql`coalesce(blogs.published_at, blogs.created_at)`, 'desc')
        .orderBy('blogs.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db.selectFrom('blogs').where(matching(filter)).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(withNumericViews), total: Number(count.n) };
  }

  async featured(limit: number): Promise<BlogListRow[]> {
    const rows = await this.withViews()
      .where(matching({ published: true, featured: true }))
      .orderBy('blogs.published_at', 'desc')
      .orderBy('blogs.id')
      .limit(limit)
      .execute();
    return rows.map(withNumericViews);
  }

  async publishedBySlug(slug: string): Promise<BlogRow | undefined> {
    return this.db.selectFrom('blogs').selectAll().where('slug', '=', slug).where('is_published', '=', true).executeTakeFirst();
  }

  /** One more view; the new count. An upsert, so concurrent first views of a post never collide. */
  async countView(blogId: string): Promise<number> {
    const row = await this.db
      .insertInto('blog_views')
      .values({ blog_id: blogId, view_count: 1 })
      .onConflict((oc) => oc.column('blog_id').doUpdateSet((eb) => ({ view_count: eb(eb.ref('blog_views.view_count'), '+', 1) })))
      .returning('view_count')
      .executeTakeFirstOrThrow();
    return Number(row.view_count);
  }

  async views(blogId: string): Promise<number> {
    const row = await this.db.selectFrom('blog_views').select('view_count').where('blog_id', '=', blogId).executeTakeFirst();
    return Number(row?.view_count ?? 0);
  }

  /** Admin stat cards over every post, not just the loaded page. */
  async counts(): Promise<{ total: number; published: number; featured: number }> {
    const row = await this.db
      .selectFrom('blogs')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.countAll<string>().filterWhere('is_published', '=', true).as('published'),
        eb.fn.countAll<string>().filterWhere('is_featured', '=', true).as('featured'),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), published: Number(row.published), featured: Number(row.featured) };
  }

  /** The author label of a new post (domain `blogAuthorName`): the admin's name, or 'PlayQuid Team' for a login name like 'admin'. */
  async displayName(uid: string, email: string | null): Promise<string> {
    const user = await this.db.selectFrom('users').select(['username', 'email']).where('uid', '=', uid).executeTakeFirst();
    return blogAuthorName(user?.username, user?.email ?? email);
  }
}

const withNumericViews = <R extends { view_count: unknown }>(row: R) => ({ ...row, view_count: Number(row.view_count) });
