import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { READ_DB } from '../infra/tokens';

export interface OfferSeoRow {
  id: string;
  title: string;
  description: string;
  icon_url: string | null;
  reward_pence: number;
  category: string;
  updated_at: Date | string;
}

export interface BlogSeoRow {
  slug: string;
  title: string;
  preview: string | null;
  meta_description: string | null;
  featured_image_url: string | null;
  author: string | null;
  published_at: Date | string | null;
  updated_at: Date | string | null;
}

/** Postgres: undefined table. */
const MISSING_RELATION = new Set(['42P01']);

/** The read rows page heads and the sitemap are made of: active offers and published posts. */
@Injectable()
export class SeoRepository {
  private readonly logger = new Logger(SeoRepository.name);

  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  /** An active offer by id or BitLabs id (cards link with either). */
  async activeOffer(idOrApiId: string): Promise<OfferSeoRow | undefined> {
    return this.offers()
      .where((eb) => eb.or([eb('id', '=', idOrApiId), eb('api_id', '=', idOrApiId)]))
      .executeTakeFirst();
  }

  async activeOffers(limit: number): Promise<OfferSeoRow[]> {
    return this.offers().orderBy('updated_at', 'desc').limit(limit).execute();
  }

  private offers() {
    return this.db
      .selectFrom('offers')
      .select(['id', 'title', 'description', 'icon_url', 'reward_pence', 'category', 'updated_at'])
      .where('status', '=', 'active');
  }

  async publishedPost(slug: string): Promise<BlogSeoRow | undefined> {
    return (await this.publishedPosts(1, slug))[0];
  }

  async publishedPosts(limit: number, slug?: string): Promise<BlogSeoRow[]> {
    try {
      return await this.db
        .selectFrom('blogs')
        .select(['slug', 'title', 'preview', 'meta_description', 'featured_image_url', 'author_name as author', 'published_at', 'updated_at'])
        .where('is_published', '=', true)
        .$if(slug !== undefined, (qb) => qb.where('slug', '=', slug!))
        .orderBy('published_at', 'desc')
        .limit(limit)
        .execute();
    } catch (error) {
      // A database migrated before the blogs table existed has no posts rather than failing every page.
      if (!MISSING_RELATION.has((error as { code?: string }).code ?? '')) throw error;
      this.logger.warn('blogs read table not available: no blog heads or sitemap entries');
      return [];
    }
  }
}
