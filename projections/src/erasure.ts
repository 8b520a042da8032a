import { ERASED } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { sql, type Transaction } from 'kysely';
import type { BatchWriter } from './projection';

/**
 * Erasure of personal data in a projection's own rows, written after the batch's rows (list it last
 * in the batch state). The values are exactly what a replay reads from the log once the keys are
 * shredded (ERASED, {} for raw parameters), so `verify` finds the live tables and a rebuild equal.
 */
export class Erasures implements BatchWriter {
  private readonly steps: Array<(trx: Transaction<DB>) => Promise<unknown>> = [];

  add(step: (trx: Transaction<DB>) => Promise<unknown>): void {
    this.steps.push(step);
  }

  async write(trx: Transaction<DB>): Promise<void> {
    for (const step of this.steps) await step(trx);
  }
}

/**
 * A callback's technical data (IP, raw parameters, and what a rejected one took from them) as it
 * reads once its key is shredded: on closure for the member's callbacks, by the retention job for
 * everyone's older than 90 days.
 */
export function eraseCallbacks(trx: Transaction<DB>, where: { userId: string; upTo: string } | { before: string }) {
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
  query = 'userId' in where ? query.where('user_id', '=', where.userId).where('created_at', '<=', new Date(where.upTo)) : query.where('created_at', '<', new Date(where.before));
  return query.execute();
}
