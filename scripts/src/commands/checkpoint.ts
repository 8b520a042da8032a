import { comparePositions } from '@playquid/contracts';
import { createReadDb, type DB } from '@playquid/read-db';
import {
  checkpointMismatches,
  checkpointSignatureProblem,
  createEventStore,
  headsAt,
  loadStatementSigning,
  type RecordedEvent,
  signCheckpoint,
  type StoredLogCheckpoint,
} from '@playquid/server';
import { type Kysely, sql } from 'kysely';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { env } from '../env';
import { logPages } from './event-source';

/** Where the file copy of every checkpoint goes (LOG_CHECKPOINT_FILE). */
export const logCheckpointFile = () => env.logCheckpointFile;

/** How many of the latest checkpoints `audit` checks against the log. */
export const AUDITED_CHECKPOINTS = 3;

/**
 * Signs a checkpoint of the log as it stands (every stream's head at the last committed position)
 * and keeps it twice: a row of the append-only `log_checkpoints` table and a line of the file.
 */
export async function checkpoint(): Promise<StoredLogCheckpoint> {
  const signing = loadStatementSigning(process.env);
  const store = await createEventStore({ databaseUrl: env.databaseUrl, eventStoreConnectionString: env.eventStoreConnectionString });
  const db = createReadDb({ connectionString: env.databaseUrl, max: 1 });
  try {
    // The head first, then every stream read to its end: what was appended after the head is left out by headsAt.
    const position = await store.readHead();
    const ids = new Set<string>();
    for await (const page of logPages(store, { head: position })) for (const message of page) ids.add(message.streamId);
    const byStream = new Map<string, RecordedEvent[]>();
    for (const id of [...ids].sort()) byStream.set(id, await store.readStream(id));
    const { heads, events } = headsAt(byStream, position);
    const stored = signCheckpoint(heads, events, position, new Date().toISOString(), signing);
    await sql`insert into log_checkpoints (checkpoint, heads) values (${JSON.stringify(stored.checkpoint)}::jsonb, ${JSON.stringify(stored.heads)}::jsonb)`.execute(db);
    const file = logCheckpointFile();
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${JSON.stringify(stored)}\n`);
    return stored;
  } finally {
    await Promise.all([store.close(), db.destroy()]);
  }
}

const idOf = (stored: StoredLogCheckpoint) => `${stored.checkpoint.created_at}/${stored.checkpoint.signature}`;

/**
 * The latest checkpoints (table and file together) checked against the log read for the audit:
 * each must be signed by a statement key, and the log's heads at its position must still have its
 * root. A checkpoint in the file and no longer in the table is reported too.
 */
export async function checkpointProblems(db: Kysely<DB>, byStream: ReadonlyMap<string, readonly RecordedEvent[]>): Promise<string[]> {
  const rows = (await sql<{ checkpoint: StoredLogCheckpoint['checkpoint']; heads: StoredLogCheckpoint['heads'] }>`select checkpoint, heads from log_checkpoints order by id`.execute(db)).rows;
  const fromTable = rows.map((r) => ({ checkpoint: r.checkpoint, heads: r.heads }));
  const file = logCheckpointFile();
  const fromFile: StoredLogCheckpoint[] = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as StoredLogCheckpoint)
    : [];
  if (fromTable.length === 0 && fromFile.length === 0) return [];
  const problems: string[] = [];
  const inTable = new Set(fromTable.map(idOf));
  for (const stored of fromFile) {
    if (!inTable.has(idOf(stored))) problems.push(`checkpoint of ${stored.checkpoint.created_at}: in the file copy (${file}) but no longer in the log_checkpoints table`);
  }
  const all = new Map<string, StoredLogCheckpoint>();
  for (const stored of [...fromTable, ...fromFile]) all.set(idOf(stored), stored);
  const latest = [...all.values()]
    .sort((a, b) => comparePositions(
      { commit: BigInt(a.checkpoint.position.commit), prepare: BigInt(a.checkpoint.position.prepare) },
      { commit: BigInt(b.checkpoint.position.commit), prepare: BigInt(b.checkpoint.position.prepare) },
    ) || a.checkpoint.created_at.localeCompare(b.checkpoint.created_at))
    .slice(-AUDITED_CHECKPOINTS);
  const keys = loadStatementSigning(process.env).publicKeys;
  for (const stored of latest) {
    const signature = checkpointSignatureProblem(stored.checkpoint, keys);
    if (signature) problems.push(`checkpoint of ${stored.checkpoint.created_at}: ${signature}`);
    else problems.push(...checkpointMismatches(stored, byStream));
  }
  return problems;
}
