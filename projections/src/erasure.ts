import { ERASED } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { sql, type Transaction } from 'kysely';
import type { BatchWriter } from './projection';

/**
 * Erasure of personal data in a projection's own rows already in the table before the batch: list
 * it first in the batch state, so it runs before the batch writes its rows (every row in the table
 * then precedes the erasing event in the log). Rows the batch holds in memory are erased there by
 * the handler, in log order, so a row inserted after the event is left alone. The values are
 * exactly what a replay reads from the log once the keys are shredded (ERASED, {} for raw
 * parameters), so `verify` finds the live tables and a rebuild equal, however the log is cut.
 */
export class Erasures implements BatchWriter {
  private readonly steps: Array<(trx: Transaction<DB>) => Promise<unknown>> = [];

  add(step: (trx: Transaction<DB>) => Promise<unknown>): void {
    this.steps.push(step);
  }

  /**
   * An erasure of every stored row older than `before`. Within a batch only the latest moment runs,
   * once: the rows older than an earlier moment are among those older than the latest, and every
   * erasure sets the same values, so one statement leaves the table as all of them in turn would.
   */
  addBefore(before: string, step: (before: string) => (trx: Transaction<DB>) => Promise<unknown>): void {
    if (this.latest === undefined) this.steps.push((trx) => step(this.latest!)(trx));
    if (this.latest === undefined || Date.parse(before) > Date.parse(this.latest)) this.latest = before;
  }

  private latest: string | undefined;

  async write(trx: Transaction<DB>): Promise<void> {
    for (const step of this.steps) await step(trx);
  }
}

/** A callback row's technical data as it reads once erased (a rejected one also loses what it took from its parameters). */
export const erasedCallback = (row: { accepted: boolean }) => ({
  source_ip: ERASED,
  raw_parameters: {} as Record<string, string>,
  ...(row.accepted
    ? {}
    : { offer_id: null, offer_name: null, task_id: null, task_name: null, user_reward_raw: null, offer_state: null, callback_type: null, ref: null }),
});

const REJECTED_ERASED = ['offer_id', 'offer_name', 'task_id', 'task_name', 'user_reward_raw', 'offer_state', 'callback_type', 'ref'] as const;

/** The row reads as erasedCallback would leave it (erasing it again changes nothing). */
export const isErasedCallback = (row: { accepted: boolean; source_ip: string | null; raw_parameters: unknown } & Partial<Record<(typeof REJECTED_ERASED)[number], unknown>>) =>
  row.source_ip === ERASED &&
  typeof row.raw_parameters === 'object' &&
  row.raw_parameters !== null &&
  Object.keys(row.raw_parameters).length === 0 &&
  (row.accepted || REJECTED_ERASED.every((column) => row[column] === null));

/**
 * A callback's technical data (IP, raw parameters, and what a rejected one took from them) as it
 * reads once its key is shredded: on closure for the member's callbacks, by the retention job for
 * everyone's older than 90 days.
 */
export function eraseCallbacks(trx: Transaction<DB>, where: { userId: string } | { before: string; among?: readonly string[] }) {
  let query = trx
    .updateTable('callbacks')
    .set({
      source_ip: ERASED,
      raw_parameters: '{}',
      offer_id: sql`case when accepted then offer_id end`,
      offer_name: sql`case when accepted then offer_name end`,
      task_id: sql`case when accepted then task_id end`,
      task_name: sql`case when accepted then task_name end`,
      user_reward_raw: sql`case when accepted then user_reward_raw end`,
      offer_state: sql`case when accepted then offer_state end`,
      callback_type: sql`case when accepted then callback_type end`,
      ref: sql`case when accepted then ref end`,
    })
    .where('source_ip', 'is distinct from', ERASED);
  if ('userId' in where) query = query.where('user_id', '=', where.userId);
  else {
    query = query.where('created_at', '<', new Date(where.before));
    // Only these rows can match (a rebuild knows the ones it wrote): found by key, not by a scan of every older row.
    if (where.among) query = query.where('id', '=', sql<string>`any(${[...where.among]}::text[])`);
  }
  return query.execute();
}
