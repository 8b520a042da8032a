import { comparePositions, parsePosition, type StoredEventMessage } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Kysely, Transaction } from 'kysely';
import { lockCheckpoints, saveCheckpoints } from './checkpoints';
import { handlesEvent, type Projection } from './projection';

/** An earlier event of the log has not been applied yet; the job is retried until it has. */
export class OutOfOrderError extends Error {
  constructor(projection: string, checkpoint: string, message: StoredEventMessage) {
    super(`${projection}: event ${message.position} follows ${message.previousPosition}, but the checkpoint is ${checkpoint}`);
    this.name = 'OutOfOrderError';
  }
}

/**
 * applied: the projection changed its rows; not-handled: next in line but not an event type the
 * projection reacts to (only the checkpoint moved); skipped: applied before (redelivery, replay).
 */
export type ApplyOutcome = 'applied' | 'not-handled' | 'skipped';

/**
 * Applies one event to each projection inside the caller's transaction, together with the
 * checkpoint: already applied -> skipped; next in line -> applied; a gap -> OutOfOrderError, and the
 * caller's transaction must roll back (nothing of this event is kept for any projection).
 * Checkpoints move for unhandled types too, so every checkpoint's chain of positions stays contiguous.
 */
export async function applyEventInTransaction(
  trx: Transaction<DB>,
  projections: readonly Projection[],
  message: StoredEventMessage,
): Promise<Record<string, ApplyOutcome>> {
  const position = parsePosition(message.position);
  const previous = parsePosition(message.previousPosition);
  const checkpoints = await lockCheckpoints(trx, projections.map((p) => p.name));
  const outcomes: Record<string, ApplyOutcome> = {};
  const advanced: string[] = [];
  for (const projection of projections) {
    const checkpoint = checkpoints.get(projection.name)!;
    if (comparePositions(position, checkpoint) <= 0) {
      outcomes[projection.name] = 'skipped';
      continue;
    }
    if (comparePositions(previous, checkpoint) !== 0) {
      throw new OutOfOrderError(projection.name, `${checkpoint.commit}/${checkpoint.prepare}`, message);
    }
    if (handlesEvent(projection, message.type)) {
      await projection.apply(trx, message);
      outcomes[projection.name] = 'applied';
    } else {
      outcomes[projection.name] = 'not-handled';
    }
    advanced.push(projection.name);
  }
  await saveCheckpoints(trx, advanced, position);
  return outcomes;
}

/** Applies one event to the projections in its own transaction (the live path). */
export function applyEvent(db: Kysely<DB>, projections: readonly Projection[], message: StoredEventMessage): Promise<Record<string, ApplyOutcome>> {
  return db.transaction().execute((trx) => applyEventInTransaction(trx, projections, message));
}
