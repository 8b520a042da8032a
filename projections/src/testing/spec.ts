import type { PlayQuidEvent } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { applyRange } from '../apply-range';
import type { Projection } from '../projection';
import { PRIMARY_KEYS, type ProjectionTable } from '../tables';
import { asLog } from './events';

export type Row = Record<string, unknown>;
export type ExpectedRows = Partial<Record<ProjectionTable, Row[]>>;

/** Every row of a read table, ordered by primary key, exactly as pg returns it. */
export async function tableRows(db: Kysely<DB>, table: ProjectionTable): Promise<Row[]> {
  const result = await sql<Row>`select * from ${sql.table(table)} order by ${sql.ref(PRIMARY_KEYS[table])}`.execute(db);
  return result.rows;
}

/** Every projection table at once: a snapshot to compare before and after. */
export async function allRows(db: Kysely<DB>, projections: readonly Projection[]): Promise<Record<string, Row[]>> {
  const snapshot: Record<string, Row[]> = {};
  for (const table of projections.flatMap((p) => p.tables)) snapshot[table] = await tableRows(db, table);
  return snapshot;
}

/**
 * Emmett-style projection specs on a real Postgres:
 * `spec.given(...events).then({ table: rows })`. The events are applied as a log twice, each time
 * from empty tables and checkpoint: one event per batch, then all of them as one batch; both must
 * give the listed tables row for row (the tables are left as the single batch wrote them).
 */
export function projectionSpec(db: () => Kysely<DB>, projection: Projection) {
  const reset = () =>
    db()
      .transaction()
      .execute(async (trx) => {
        for (const table of projection.tables) await trx.deleteFrom(table).execute();
        await trx.deleteFrom('projection_checkpoints').where('projection', '=', projection.name).execute();
      });
  return {
    given: (...events: PlayQuidEvent[]) => ({
      async then(expected: ExpectedRows): Promise<void> {
        const log = asLog(events);
        const ways = {
          'one event per batch': async () => {
            for (const message of log) await applyRange(db(), [projection], [message]);
          },
          'one batch': () => applyRange(db(), [projection], log),
        };
        for (const [way, apply] of Object.entries(ways)) {
          await reset();
          await apply();
          for (const [table, rows] of Object.entries(expected)) {
            expect(await tableRows(db(), table as ProjectionTable), `${table}, ${way}`).toEqual(rows);
          }
        }
      },
    }),
  };
}
