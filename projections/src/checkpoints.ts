import { type GlobalPosition, START_POSITION } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Transaction } from 'kysely';

/**
 * Reads the checkpoints of the given projections and locks their rows until the transaction ends,
 * so one writer at a time moves them. Rows are locked in name order, so callers that lock several
 * (a rebuild) cannot deadlock each other; the live worker locks one per transaction. Missing rows
 * start at 0/0.
 */
export async function lockCheckpoints(trx: Transaction<DB>, projections: readonly string[]): Promise<Map<string, GlobalPosition>> {
  const names = [...projections].sort();
  const select = () =>
    trx
      .selectFrom('projection_checkpoints')
      .select(['projection', 'commit_position', 'prepare_position'])
      .where('projection', 'in', names)
      .orderBy('projection')
      .forUpdate()
      .execute();
  let rows = await select();
  if (rows.length < names.length) {
    await trx
      .insertInto('projection_checkpoints')
      .values(names.map((projection) => ({ projection, commit_position: '0', prepare_position: '0' })))
      .onConflict((oc) => oc.column('projection').doNothing())
      .execute();
    rows = await select();
  }
  return new Map(rows.map((r) => [r.projection, { commit: BigInt(r.commit_position), prepare: BigInt(r.prepare_position) }]));
}

export async function saveCheckpoints(trx: Transaction<DB>, projections: readonly string[], position: GlobalPosition): Promise<void> {
  if (projections.length === 0) return;
  await trx
    .updateTable('projection_checkpoints')
    .set({ commit_position: position.commit.toString(), prepare_position: position.prepare.toString(), updated_at: new Date() })
    .where('projection', 'in', projections)
    .execute();
}

export async function resetCheckpoints(trx: Transaction<DB>, projections: readonly string[]): Promise<void> {
  await lockCheckpoints(trx, projections);
  await saveCheckpoints(trx, projections, START_POSITION);
}
