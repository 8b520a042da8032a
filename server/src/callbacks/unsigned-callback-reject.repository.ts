import type { DB } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { rawParameters, storableText } from './callback-params';

/** Anyone can send these: what is kept of one is bounded however long the URL was. */
export const UNSIGNED_RAW_QUERY_MAX = 1_024;
const ID_MAX = 128;

export interface UnsignedReject {
  reason: string;
  sourceIp: string;
  /** The query string as received (without the leading '?'). */
  rawQuery: string;
  receivedAt: string;
}

const cut = (text: string | null, max: number) => (text === null ? null : storableText(text.slice(0, max)));

/**
 * Requests refused before a signature was proven. Written straight to a fixed ring of rows (see
 * the CallbackIntakeHardening migration): no event, no projection, one statement, so a flood costs
 * a constant amount of disk and never queues behind genuine callbacks in the event log.
 */
export class UnsignedCallbackRejectRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async record(reject: UnsignedReject): Promise<string> {
    const id = randomUUID();
    const rawQuery = storableText(reject.rawQuery.slice(0, UNSIGNED_RAW_QUERY_MAX));
    const params = new URLSearchParams(rawQuery);
    const values = {
      id,
      reason: reject.reason,
      source_ip: cut(reject.sourceIp, ID_MAX)!,
      transaction_id: cut(params.get('tx'), ID_MAX),
      user_id: cut(params.get('uid'), ID_MAX),
      callback_hash: cut(params.get('hash'), 64),
      raw_query: rawQuery,
      raw_parameters: JSON.stringify(rawParameters(params)),
      created_at: reject.receivedAt,
    };
    await this.db
      .insertInto('unsigned_callback_rejects')
      .values({ slot: sql<number>`nextval('unsigned_callback_rejects_slot_seq')`, ...values })
      .onConflict((oc) => oc.column('slot').doUpdateSet(values))
      .execute();
    return id;
  }
}
