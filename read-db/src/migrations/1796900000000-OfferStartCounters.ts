import { type Kysely, sql } from 'kysely';

/**
 * The admin dashboard's conversion figures (issue 19) from counters instead of a join of every
 * offer start with the `pair:` counters on each request. The wallet projection, which keeps the
 * `pair:` counters, also folds OfferStarted, so both sides of the figure are its own rows:
 *
 * - `start:<uid>:<offer id>` = 1 per member and offer started (offer_starts' id), so a second start
 *   of the same offer is not counted again;
 * - `starts:<api id>:<uid>` the member's started offers of that BitLabs id (the `pair:` key's part);
 * - `offer_starts` every started member and offer, `converted_starts` those whose `pair:<api
 *   id>:<uid>` counter (confirmed credits) is above 0.
 *
 * An existing database's offer_starts rows are counted here by the same rules when the offers
 * projection is not behind the wallet's (a start the wallet meets again is already marked); else
 * the wallet's checkpoint is dropped and `migrate` replays the log into it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ projection: string; commit_position: string; prepare_position: string }>`
    select projection, commit_position::text, prepare_position::text from projection_checkpoints where projection in ('wallet', 'offers')`.execute(db);
  const at = (name: string) => {
    const row = rows.find((r) => r.projection === name);
    return row ? [BigInt(row.commit_position), BigInt(row.prepare_position)] : undefined;
  };
  const [wallet, offers] = [at('wallet'), at('offers')];
  const offersBehind = wallet !== undefined && (offers === undefined || offers[0] < wallet[0] || (offers[0] === wallet[0] && offers[1] < wallet[1]));
  if (offersBehind) await db.deleteFrom('projection_checkpoints').where('projection', '=', 'wallet').execute();
  else await backfillStartCounters(db);
}

/** Counts the offer_starts rows into wallet_counters (which holds none of these keys yet), by the wallet projection's rules. */
export async function backfillStartCounters(db: Kysely<any>): Promise<void> {
  await sql`
    insert into wallet_counters (key, n)
    select key, n from (
      select 'start:' || id as key, 1::bigint as n from offer_starts
      union all select 'starts:' || api_id || ':' || uid, count(*) from offer_starts group by api_id, uid
      union all select 'offer_starts', count(*) from offer_starts
      union all select 'converted_starts', count(*) from offer_starts s
        where exists (select 1 from wallet_counters c where c.key = 'pair:' || s.api_id || ':' || s.uid)
    ) c where n <> 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from wallet_counters where key like 'start:%' or key like 'starts:%' or key in ('offer_starts', 'converted_starts')`.execute(db);
}
