import { comparePositions, type GlobalPosition, START_POSITION, streams, type WalletEvent } from '@playquid/contracts';
import { ALL_PROJECTIONS } from '@playquid/projections';
import { type BalanceRow, createReadDb, type DB } from '@playquid/read-db';
import { createEventStore, type EventStore, type RecordedEvent, verifyStreamChain } from '@playquid/server';
import { type AuditedCallback, type AuditedMember, callbackDecider, checkLedgerInvariants, fold, userDecider, walletDecider } from '@playquid/domain';
import { CALLBACK_OVERDUE_MINUTES, type CallbackEvent, PAYOUT_STUCK_HOURS, type UserEvent } from '@playquid/contracts';
import type { Kysely } from 'kysely';
import { env } from '../env';
import { checkpointProblems } from './checkpoint';
import { allEvents } from './event-source';

export interface AuditReport {
  /** One line per problem, naming the member or stream: broken chains, folds and business rules. */
  problems: string[];
  /** Facts that break no rule (a reversal waiting for its credit, with its age). */
  notes: string[];
  members: number;
  streams: number;
}

export interface AuditOptions {
  now?: Date;
  /** A callback neither processed nor failed after this long is a breach (CALLBACK_OVERDUE_MINUTES). */
  callbackDeadlineMs?: number;
  /** An approved payout not delivered, paid or returned after this long is stuck (PAYOUT_STUCK_HOURS). */
  payoutDeadlineMs?: number;
}


/** The business-rule inputs of the ledger, from the streams read for the chain check. */
function ledgerOf(byStream: Map<string, RecordedEvent[]>): { members: AuditedMember[]; callbacks: AuditedCallback[] } {
  const members: AuditedMember[] = [];
  const callbacks: AuditedCallback[] = [];
  const uids = new Set<string>();
  for (const id of byStream.keys()) {
    if (id.startsWith(WALLET_PREFIX)) uids.add(id.slice(WALLET_PREFIX.length));
    if (id.startsWith(USER_PREFIX)) uids.add(id.slice(USER_PREFIX.length));
  }
  for (const uid of uids) {
    const user = (byStream.get(streams.user(uid)) ?? []).reduce((s, e) => userDecider.evolve(s, { type: e.type, data: e.data } as UserEvent), userDecider.initialState());
    const wallet = (byStream.get(streams.wallet(uid)) ?? []).map((e) => ({
      type: e.type,
      data: e.data,
      createdAt: e.createdAt.toISOString(),
      actor: typeof e.metadata.actor === 'string' ? e.metadata.actor : null,
    })) as AuditedMember['wallet'];
    members.push({ uid, email: user.email, referredBy: user.referredBy, wallet });
  }
  for (const [id, events] of byStream) {
    if (!id.startsWith(CALLBACK_PREFIX)) continue;
    const state = events.reduce((s, e) => callbackDecider.evolve(s, { type: e.type, data: e.data } as CallbackEvent), callbackDecider.initialState());
    for (const [callbackId, callback] of state.callbacks) {
      callbacks.push({
        callbackId,
        userId: callback.data.userId,
        receivedAt: callback.data.receivedAt,
        outcome: callback.processed ? 'processed' : callback.lastError !== null ? 'failed' : null,
      });
    }
  }
  return { members, callbacks };
}

const WALLET_PREFIX = streams.wallet('');
const USER_PREFIX = streams.user('');
const CALLBACK_PREFIX = streams.callback('');
const COMPARED = ['available_pence', 'pending_pence', 'reserved_pence', 'paid_out_pence'] as const;
type Compared = Record<(typeof COMPARED)[number], number>;

/** Every stream id in the log, read through the EventStore port so both adapters are audited alike. */
async function streamIds(store: EventStore): Promise<string[]> {
  const ids = new Set<string>();
  for await (const event of allEvents(store)) ids.add(event.streamId);
  return [...ids].sort();
}

/**
 * The balances rows and how far into the log they are, from one snapshot: the projection writes
 * rows and checkpoint in one transaction, so a live system is audited without false alarms for
 * events it has not projected yet.
 */
async function readModelSnapshot(db: Kysely<DB>): Promise<{ rows: Map<string, BalanceRow>; members: string[]; checkpoint: GlobalPosition }> {
  const owner = ALL_PROJECTIONS.find((p) => p.tables.includes('balances'));
  if (!owner) throw new Error('No projection owns the balances table');
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const checkpoint = await trx
        .selectFrom('projection_checkpoints')
        .select(['commit_position', 'prepare_position'])
        .where('projection', '=', owner.name)
        .executeTakeFirst();
      const rows = await trx.selectFrom('balances').selectAll().execute();
      const users = await trx.selectFrom('users').select('uid').execute();
      return {
        rows: new Map(rows.map((r) => [r.uid, r])),
        members: users.map((u) => u.uid),
        checkpoint: checkpoint ? { commit: BigInt(checkpoint.commit_position), prepare: BigInt(checkpoint.prepare_position) } : START_POSITION,
      };
    });
}

/** The money figures of a wallet stream folded with the write side's own decider, up to `checkpoint`. */
function foldWallet(events: RecordedEvent[], checkpoint: GlobalPosition): Compared {
  const upTo = events.filter((e) => comparePositions(e.position, checkpoint) <= 0);
  const state = fold(walletDecider, upTo.map((e) => ({ type: e.type, data: e.data }) as WalletEvent));
  return { available_pence: state.availablePence, pending_pence: state.pendingPence, reserved_pence: state.reservedPence, paid_out_pence: state.paidOutPence };
}

function compareBalance(uid: string, row: BalanceRow | undefined, expected: Compared): string | null {
  const differences = COMPARED.filter((column) => (row?.[column] ?? 0) !== expected[column]).map(
    (column) => `${column} read model ${row ? row[column] : 'no row'}, log ${expected[column]}`,
  );
  return differences.length ? `balance ${uid}: ${differences.join('; ')}` : null;
}

/**
 * Checks the ledger: every stream's hash chain is intact, and every member's balances row equals
 * the fold of their wallet stream. Returns the problems; the CLI exits non-zero when there are any.
 */
export async function audit(options: AuditOptions = {}): Promise<AuditReport> {
  const store = await createEventStore({ databaseUrl: env.databaseUrl, eventStoreConnectionString: env.eventStoreConnectionString });
  const db = createReadDb({ connectionString: env.databaseUrl, max: 2 });
  try {
    const snapshot = await readModelSnapshot(db);
    const ids = await streamIds(store);
    const problems: string[] = [];
    const wallets = new Map<string, RecordedEvent[]>();
    const byStream = new Map<string, RecordedEvent[]>();
    for (const id of ids) {
      const events = await store.readStream(id);
      byStream.set(id, events);
      const chain = verifyStreamChain(events);
      if (!chain.ok) problems.push(`chain ${id}: broken at revision ${chain.brokenAt}: ${chain.reason}`);
      if (id.startsWith(WALLET_PREFIX)) wallets.set(id.slice(WALLET_PREFIX.length), events);
    }
    const members = [...new Set([...snapshot.members, ...wallets.keys(), ...snapshot.rows.keys()])].sort();
    for (const uid of members) {
      try {
        const problem = compareBalance(uid, snapshot.rows.get(uid), foldWallet(wallets.get(uid) ?? [], snapshot.checkpoint));
        if (problem) problems.push(problem);
      } catch (error) {
        // A tampered or corrupt stream may not even fold; that is a finding, not a crash of the audit.
        problems.push(`balance ${uid}: the wallet stream does not fold: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const ledger = ledgerOf(byStream);
    const rules = checkLedgerInvariants(ledger.members, ledger.callbacks, {
      now: (options.now ?? new Date()).toISOString(),
      callbackDeadlineMs: options.callbackDeadlineMs ?? CALLBACK_OVERDUE_MINUTES * 60_000,
      payoutDeadlineMs: options.payoutDeadlineMs ?? PAYOUT_STUCK_HOURS * 3_600_000,
    });
    problems.push(...rules.breaches);
    // A history rewritten with its hashes recomputed passes the chain check: the signed checkpoints catch it.
    problems.push(...(await checkpointProblems(db, byStream)));
    return { problems, notes: rules.notes, members: members.length, streams: ids.length };
  } finally {
    await Promise.all([store.close(), db.destroy()]);
  }
}
