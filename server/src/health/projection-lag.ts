import { Inject, Injectable } from '@nestjs/common';
import { FORWARDER_CHECKPOINT, type GlobalPosition } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { READ_DB } from '../infra/tokens';

/** Events counted behind a checkpoint at most (a lag this large reads as "at least"). */
export const LAG_COUNT_CAP = 100_000;

export interface ProjectionLag {
  projection: string;
  /** Events in the log after the projection's checkpoint (capped at LAG_COUNT_CAP). */
  events: number;
  /** Age of the oldest event not yet applied (0 when none is waiting). */
  seconds: number;
}

/**
 * How far each projection (and the forwarder) is behind the log: events after its checkpoint and
 * the age of the oldest one it has not applied. Read by /api/health and /metrics.
 */
@Injectable()
export class ProjectionLagService {
  constructor(
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async lags(now = Date.now()): Promise<ProjectionLag[]> {
    const rows = await this.db.selectFrom('projection_checkpoints').select(['projection', 'commit_position', 'prepare_position']).execute();
    // Projections usually share a position: each distinct one is measured once.
    const measured = new Map<string, Promise<{ events: number; seconds: number }>>();
    return Promise.all(
      rows.map(async (row) => {
        const key = `${row.commit_position}/${row.prepare_position}`;
        if (!measured.has(key)) measured.set(key, this.measure({ commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }, now));
        const { events, seconds } = await measured.get(key)!;
        return { projection: row.projection === FORWARDER_CHECKPOINT ? 'forwarder' : row.projection, events, seconds };
      }),
    );
  }

  private async measure(after: GlobalPosition, now: number): Promise<{ events: number; seconds: number }> {
    const [first] = await this.store.readAll({ after, maxCount: 1 });
    if (!first) return { events: 0, seconds: 0 };
    const seconds = Math.max(0, (now - first.createdAt.getTime()) / 1000);
    return { events: await this.countAfter(after), seconds };
  }

  private async countAfter(after: GlobalPosition): Promise<number> {
    if (this.config.eventStoreConnectionString) {
      // EventStoreDB: no count; read positions a page at a time up to a smaller cap.
      return (await this.store.readAll({ after, maxCount: 1_000 })).length;
    }
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from (
        select 1 from events
         where (transaction_id, sequence) > (${after.commit.toString()}::text::xid8, ${after.prepare.toString()}::bigint)
         limit ${LAG_COUNT_CAP}) behind`.execute(this.db);
    return Number(rows[0].n);
  }
}
