import { Inject, Injectable } from '@nestjs/common';
import { comparePositions, type GlobalPosition, START_POSITION } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { StatementSigningConfig } from '../config/statement-keys';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { READ_DB } from '../infra/tokens';
import { checkpointSignatureProblem, merkleRoot, signCheckpoint, type StoredLogCheckpoint, type StreamHead } from './log-checkpoint';
import { STATEMENT_SIGNING } from './statement-signer';

/** Events read per page of the log after the previous checkpoint. */
const PAGE_SIZE = 10_000;
/** How long the log may stay unreadable up to its head (an older transaction holding newer events back). */
const HEAD_WAIT_MS = 30_000;

export type LogCheckpointRun =
  | { signed: true; checkpoint: StoredLogCheckpoint['checkpoint']; readEvents: number; from: 'previous_checkpoint' | 'start' }
  | { signed: false; reason: 'log_unchanged' };

const positionOf = (p: { commit: string; prepare: string }): GlobalPosition => ({ commit: BigInt(p.commit), prepare: BigInt(p.prepare) });

/**
 * Signs a checkpoint of the log (the head of every stream at the log's head, as a Merkle root, with
 * the statement key) and appends it to the append-only `log_checkpoints` table, and to
 * LOG_CHECKPOINT_FILE when that is set (a copy kept off the database host). `audit` verifies the
 * latest ones. Incremental: it starts from the heads of the previous checkpoint (once its signature
 * and root check out) and reads only the events appended after it; without one, the whole log.
 * Nothing is signed while the log has not moved since the previous checkpoint.
 */
@Injectable()
export class LogCheckpointService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    @Inject(STATEMENT_SIGNING) private readonly signing: StatementSigningConfig,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async runOnce(now: Date): Promise<LogCheckpointRun> {
    const head = await this.store.readHead();
    const previous = await this.previous();
    if (previous && comparePositions(positionOf(previous.checkpoint.position), head) === 0) return { signed: false, reason: 'log_unchanged' };
    const heads = new Map<string, StreamHead>((previous?.heads ?? []).map((h) => [h.stream, h]));
    let events = previous?.checkpoint.events ?? 0;
    let after = previous ? positionOf(previous.checkpoint.position) : START_POSITION;
    let readEvents = 0;
    let waitingSince = Date.now();
    while (comparePositions(after, head) < 0) {
      const page = await this.store.readAll({ after, maxCount: PAGE_SIZE });
      if (page.length === 0) {
        if (Date.now() - waitingSince > HEAD_WAIT_MS) throw new Error(`The log did not become readable up to its head within ${HEAD_WAIT_MS / 1000} s`);
        await sleep(20);
        continue;
      }
      waitingSince = Date.now();
      for (const event of page) {
        if (comparePositions(event.position, head) > 0) break;
        heads.set(event.streamId, { stream: event.streamId, revision: Number(event.revision), hash: event.hash });
        events++;
        readEvents++;
      }
      after = page[page.length - 1].position;
    }
    const sorted = [...heads.values()].sort((a, b) => (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0));
    const stored = signCheckpoint(sorted, events, head, now.toISOString(), this.signing);
    await sql`insert into log_checkpoints (checkpoint, heads) values (${JSON.stringify(stored.checkpoint)}::jsonb, ${JSON.stringify(stored.heads)}::jsonb)`.execute(this.db);
    const file = this.config.logCheckpoint.file;
    if (file) {
      mkdirSync(dirname(file), { recursive: true });
      appendFileSync(file, `${JSON.stringify(stored)}\n`);
    }
    return { signed: true, checkpoint: stored.checkpoint, readEvents, from: previous ? 'previous_checkpoint' : 'start' };
  }

  /** The newest checkpoint, if its signature verifies and its stored heads are the signed ones; else null (a full read). */
  private async previous(): Promise<StoredLogCheckpoint | null> {
    const row = (
      await sql<StoredLogCheckpoint>`select checkpoint, heads from log_checkpoints order by id desc limit 1`.execute(this.db)
    ).rows[0];
    if (!row) return null;
    if (checkpointSignatureProblem(row.checkpoint, this.signing.publicKeys) !== null) return null;
    return merkleRoot(row.heads) === row.checkpoint.root ? row : null;
  }
}
