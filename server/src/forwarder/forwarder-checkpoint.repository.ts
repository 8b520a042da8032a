import { comparePositions, FORWARDER_CHECKPOINT, type GlobalPosition, START_POSITION } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';

/** The forwarder's checkpoint, a row of `projection_checkpoints` beside the projections' own. */
export class ForwarderCheckpointRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Where the forwarder resumes: the lowest of its own and the projections' checkpoints (the start without its own). */
  async resumePosition(): Promise<GlobalPosition> {
    const rows = await this.db.selectFrom('projection_checkpoints').select(['projection', 'commit_position', 'prepare_position']).execute();
    const positions = rows.map((r) => ({ commit: BigInt(r.commit_position), prepare: BigInt(r.prepare_position) }));
    if (!rows.some((r) => r.projection === FORWARDER_CHECKPOINT)) return START_POSITION;
    return positions.reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));
  }

  async save(position: GlobalPosition): Promise<void> {
    await this.db
      .insertInto('projection_checkpoints')
      .values({
        projection: FORWARDER_CHECKPOINT,
        commit_position: position.commit.toString(),
        prepare_position: position.prepare.toString(),
      })
      .onConflict((oc) =>
        oc.column('projection').doUpdateSet({
          commit_position: position.commit.toString(),
          prepare_position: position.prepare.toString(),
          updated_at: new Date(),
        }),
      )
      .execute();
  }
}
