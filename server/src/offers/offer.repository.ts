import { Inject, Injectable } from '@nestjs/common';
import type { OfferSort, OfferStatus } from '@playquid/contracts';
import type { DB, OfferRow } from '@playquid/read-db';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { likeContains } from '../common/like-pattern';
import { READ_DB } from '../infra/tokens';

export interface OfferFilter {
  search?: string;
  category?: string;
  difficulty?: string;
  devicePlatform?: number;
  featured?: boolean;
  /** Omitted: every status (admin list). */
  status?: OfferStatus;
}

/** A catalogue row with how many of its tasks members completed (approved or paid credits). */
export type OfferListRow = OfferRow & { total_completions: number; members_completed: number };

/** A game: the offer's anchor (trimmed), else the offer itself. */
const GAME_KEY = sql<string>`coalesce(nullif(trim(offers.anchor), ''), offers.id::text)`;

/** Reusable filter on the offers table. */
const matching = (filter: OfferFilter) => (eb: ExpressionBuilder<DB, 'offers'>) =>
  eb.and([
    ...(filter.status ? [eb('offers.status', '=', filter.status)] : []),
    ...(filter.search ? [eb.or([eb('offers.title', 'ilike', likeContains(filter.search)), eb('offers.description', 'ilike', likeContains(filter.search))])] : []),
    ...(filter.category ? [eb(eb.fn('lower', ['offers.category']), '=', filter.category.toLowerCase())] : []),
    ...(filter.difficulty ? [eb('offers.difficulty', '=', filter.difficulty)] : []),
    ...(filter.devicePlatform !== undefined ? [eb('offers.device_platform', '=', filter.devicePlatform)] : []),
    ...(filter.featured !== undefined ? [eb('offers.featured', '=', filter.featured)] : []),
  ]);

@Injectable()
export class OfferRepository {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  /**
   * Offers with their completion counts: the wallet projection's per-offer counters (confirmed task
   * credits and the members who have one), joined by BitLabs offer id on their primary key.
   */
  private withCompletions() {
    return this.db
      .selectFrom('offers')
      .leftJoin('offer_completions as c', 'c.offer_id', 'offers.api_id')
      .selectAll('offers')
      .select((eb) => [
        eb.fn.coalesce('c.completions', sql<number>`0`).as('total_completions'),
        eb.fn.coalesce('c.members', sql<number>`0`).as('members_completed'),
      ]);
  }

  async page(filter: OfferFilter, sort: OfferSort | 'admin', limit: number, offset: number): Promise<{ rows: OfferListRow[]; total: number }> {
    let query = this.withCompletions().where(matching(filter));
    switch (sort) {
      case 'highest_reward':
        query = query.orderBy('offers.reward_pence', 'desc').orderBy('offers.title');
        break;
      // Members cannot rate offers yet: 'best_rated' (kept for old links) is real completions, as 'most_popular'.
      case 'best_rated':
      case 'most_popular':
        query = query.orderBy('total_completions', 'desc').orderBy('offers.reward_pence', 'desc');
        break;
      case 'newest':
      case 'admin':
        query = query.orderBy('offers.created_at', 'desc');
        break;
    }
    const [rows, count] = await Promise.all([
      query.orderBy('offers.id').limit(limit).offset(offset).execute(),
      this.db.selectFrom('offers').where(matching(filter)).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toListRow), total: Number(count.n) };
  }

  /**
   * One offer per game (the anchor groups a game's store listings; an offer without one is a game
   * of its own) among the offers matching `filter` on `platforms` (null: every platform): the best
   * paid listing of each game, then sorted and paged by game.
   */
  async gamesPage(
    filter: OfferFilter,
    platforms: number[] | null,
    sort: OfferSort,
    limit: number,
    offset: number,
  ): Promise<{ rows: OfferListRow[]; total: number }> {
    const variants = this.withCompletions()
      .where(matching(filter))
      .$if(platforms !== null, (qb) => qb.where('offers.device_platform', 'in', platforms!))
      .distinctOn(GAME_KEY)
      .orderBy(GAME_KEY)
      .orderBy('offers.reward_pence', 'desc')
      .orderBy('offers.id')
      .as('g');
    let query = this.db.selectFrom(variants).selectAll('g');
    switch (sort) {
      case 'highest_reward':
        query = query.orderBy('g.reward_pence', 'desc').orderBy('g.title');
        break;
      case 'best_rated':
      case 'most_popular':
        query = query.orderBy('g.total_completions', 'desc').orderBy('g.reward_pence', 'desc');
        break;
      case 'newest':
        query = query.orderBy('g.created_at', 'desc');
        break;
    }
    const [rows, count] = await Promise.all([
      query.orderBy('g.id').limit(limit).offset(offset).execute(),
      this.db
        .selectFrom('offers')
        .where(matching(filter))
        .$if(platforms !== null, (qb) => qb.where('offers.device_platform', 'in', platforms!))
        .select(sql<string>`count(distinct ${GAME_KEY})`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toListRow), total: Number(count.n) };
  }

  /** The category, difficulty and platform values active offers on `platforms` have (null: every platform). */
  async facets(platforms: number[] | null): Promise<Array<{ category: string; difficulty: string; device_platform: number }>> {
    return this.db
      .selectFrom('offers')
      .where('status', '=', 'active')
      .$if(platforms !== null, (qb) => qb.where('device_platform', 'in', platforms!))
      .select(['category', 'difficulty', 'device_platform'])
      .distinct()
      .execute();
  }

  async featured(limit: number): Promise<OfferListRow[]> {
    const rows = await this.withCompletions()
      .where('offers.status', '=', 'active')
      .where('offers.featured', '=', true)
      .orderBy('offers.reward_pence', 'desc')
      .orderBy('offers.id')
      .limit(limit)
      .execute();
    return rows.map(toListRow);
  }

  /** By our id or by the BitLabs offer id (links use either). */
  async find(idOrApiId: string): Promise<OfferListRow | undefined> {
    const row = await this.withCompletions()
      .where((eb) => eb.or([eb('offers.id', '=', idOrApiId), eb('offers.api_id', '=', idOrApiId)]))
      .executeTakeFirst();
    return row && toListRow(row);
  }

  /** Candidates of an anchor group; the write side confirms each one against its own stream. */
  async idsWithAnchor(anchor: string): Promise<string[]> {
    return (await this.db.selectFrom('offers').select('id').where('anchor', '=', anchor).execute()).map((r) => r.id);
  }

  async activeBitlabsOffers(): Promise<Array<{ id: string; api_id: string }>> {
    return this.db.selectFrom('offers').select(['id', 'api_id']).where('source', '=', 'bitlabs').where('status', '=', 'active').execute();
  }

  async count(): Promise<number> {
    return Number((await this.db.selectFrom('offers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  }

  async categories(): Promise<Array<{ name: string; count: number }>> {
    const rows = await this.db
      .selectFrom('offers')
      .where('status', '=', 'active')
      .groupBy('category')
      .select((eb) => ['category', eb.fn.countAll<string>().as('n')])
      .orderBy('n', 'desc')
      .orderBy('category')
      .execute();
    return rows.map((r) => ({ name: r.category, count: Number(r.n) }));
  }

  /** The member's credits (not reversed) on one BitLabs offer: which of its tasks they completed. */
  async memberCredits(uid: string, apiId: string): Promise<Array<{ task_id: string | null; task_name: string | null }>> {
    return this.db
      .selectFrom('earnings')
      .select(['task_id', 'task_name'])
      .where('uid', '=', uid)
      .where('kind', '=', 'offer')
      .where('offer_id', '=', apiId)
      .where('status', '!=', 'rejected')
      .execute();
  }

  /** Counts for the debug call, in one pass over the catalogue. */
  async catalogueCounts() {
    const count = (condition: ReturnType<typeof sql<boolean>>) => sql<string>`count(*) filter (where ${condition})`;
    const row = await this.db
      .selectFrom('offers')
      .select([
        sql<string>`count(*)`.as('total'),
        count(sql`status = 'active'`).as('active'),
        count(sql`status = 'inactive'`).as('inactive'),
        count(sql`status = 'draft'`).as('draft'),
        count(sql`featured`).as('featured'),
        count(sql`source = 'bitlabs'`).as('bitlabs'),
        count(sql`source = 'manual'`).as('manual'),
        count(sql`device_platform = 0`).as('web'),
        count(sql`device_platform = 1`).as('android'),
        count(sql`device_platform = 2`).as('ios'),
        count(sql`device_platform = 3`).as('pc'),
        sql<string>`count(distinct anchor)`.as('anchors'),
      ])
      .executeTakeFirstOrThrow();
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<keyof typeof row, number>;
  }
}

const toListRow = <T extends { total_completions: string | number; members_completed: string | number }>(row: T) =>
  ({ ...row, total_completions: Number(row.total_completions), members_completed: Number(row.members_completed) }) as unknown as OfferListRow;
