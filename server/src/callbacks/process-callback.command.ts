import { Inject, Logger, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CallbackEvent, type CallbackReceived, streams, type WalletEvent } from '@playquid/contracts';
import {
  type CallbackCommand,
  type CallbackDecision,
  callbackDecider,
  type CallbackStreamState,
  decideCallbacks,
  DomainError,
  type StoredCallback,
  userDecider,
  walletDecider,
  type WalletState,
} from '@playquid/domain';
import { randomUUID } from 'node:crypto';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { GroupCommit } from '../common/group-commit';
import { READ_DB } from '../infra/tokens';
import { foldWallet as foldWalletFromSnapshot } from '../wallet/wallet-snapshots';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../cqrs/clock';
import { EVENT_STORE, type EventStore, type NewEvent, type RecordedEvent, WrongExpectedRevisionError } from '../event-store/event-store';
import { aggregateStream, expectedRevisionOf, handleCommand, toDomainEvent } from '../cqrs/command-handler';

/** One stored callback, for an admin's reprocess. */
export class ProcessCallbackCommand {
  constructor(
    readonly transactionId: string,
    readonly callbackId: string,
  ) {}
}

type CallbackRef = { transactionId: string; callbackId: string };

/** One member's stored callbacks, decided together in this order (the callback-processing job). */
export class ProcessMemberCallbacksCommand {
  constructor(
    readonly userId: string,
    readonly callbacks: readonly CallbackRef[],
  ) {}
}

/** The outcome of a BitLabs dashboard test callback: recorded and shown, never money. */
export const DEBUG_NOT_CREDITED = 'debug_not_credited';

export type ProcessCallbackResult =
  | { outcome: 'processed'; detail: string; earningId: string | null }
  | { outcome: 'already_processed' }
  | { outcome: 'failed'; error: string };

const MAX_ATTEMPTS = 5;
/** Jobs of one member taken together at most, when they queue up behind one being decided. */
const JOBS_PER_RUN = 50;
/** Members whose folded wallet is kept between jobs (the most recently used). */
const WALLET_CACHE_SIZE = 1_000;
/** Members known to be registered (a registration is never undone), with who referred them. */
const MEMBER_CACHE_SIZE = 10_000;

function summarise(events: WalletEvent[]): { detail: string; earningId: string | null } {
  const event = events[0];
  if (!event) return { detail: 'no_change', earningId: null };
  switch (event.type) {
    case 'EarningCredited':
      return {
        detail: event.data.heldForReview ? 'credited_held_for_review' : `credited_${event.data.status}`,
        earningId: event.data.earningId,
      };
    case 'EarningApproved':
      return { detail: 'approved', earningId: event.data.earningId };
    case 'EarningReversed':
      return { detail: 'reversed', earningId: event.data.earningId };
    case 'ReversalAwaitingCredit':
      return { detail: 'reversal_awaiting_credit', earningId: null };
    case 'CreditCoveredByClaim':
      return { detail: 'already_credited_by_claim', earningId: event.data.earningId };
    case 'CreditRefusedAccountClosed':
      return { detail: 'account_closed_not_credited', earningId: null };
    default:
      return { detail: event.type, earningId: null };
  }
}

const toNew = (events: ReadonlyArray<{ type: string; data: unknown }>): NewEvent[] =>
  events.map((e) => ({ type: e.type, data: e.data, metadata: {} }));

interface CachedWallet {
  state: WalletState;
  revision: bigint | 'no_stream';
}

const foldWallet = (state: WalletState, recorded: RecordedEvent[]) =>
  recorded.map(toDomainEvent).reduce((s, e) => walletDecider.evolve(s, e as WalletEvent), state);

/** A callback as its stream stores it, with the revision its outcome is appended after. */
interface StoredOnStream {
  transactionId: string;
  callbackId: string;
  streamId: string;
  state: CallbackStreamState;
  revision: bigint | 'no_stream';
  callback: StoredCallback | undefined;
}

/** Keeps at most `size` entries, dropping the one used least recently. */
function keep<V>(cache: Map<string, V>, key: string, value: V, size: number): V {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > size) cache.delete(cache.keys().next().value!);
  return value;
}

function storedOnStream(ref: CallbackRef, recorded: RecordedEvent[]): StoredOnStream {
  const state = recorded.map(toDomainEvent).reduce((s, e) => callbackDecider.evolve(s, e as CallbackEvent), callbackDecider.initialState());
  return {
    ...ref,
    streamId: streams.callback(ref.transactionId),
    state,
    revision: expectedRevisionOf(recorded),
    callback: state.callbacks.get(ref.callbackId),
  };
}

/**
 * Turns stored callbacks into money on the member's wallet stream: all the callbacks of a job are
 * decided in order against one fold of the wallet and appended in one go, then each callback's own
 * stream records its outcome. Safe to run any number of times (job retries, admin reprocess): the
 * wallet decider books each callback id once, and each callback stream records the outcome once.
 *
 * A member's callbacks are decided one run at a time in this process; the member's jobs that
 * arrive meanwhile go together into the next run (group commit), their callback streams read in
 * one go. A run decides on a fold of the wallet kept between runs: the append expecting its
 * revision proves it current, and one that meets another writer's events (another process, a
 * payout) reads what they added and decides again. A run that changes nothing is decided on the
 * wallet read anew, as no append vouches for it.
 */
@CommandHandler(ProcessMemberCallbacksCommand)
export class ProcessMemberCallbacksHandler implements ICommandHandler<ProcessMemberCallbacksCommand, ProcessCallbackResult[]> {
  private readonly logger = new Logger('CallbackProcessing');
  private readonly runs = new Map<string, GroupCommit<readonly CallbackRef[], ProcessCallbackResult[]>>();
  private readonly wallets = new Map<string, CachedWallet>();
  private readonly registered = new Map<string, { referredBy: string | null }>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    /** The read model, for wallet snapshots (absent: every fold reads the whole stream). */
    @Optional() @Inject(READ_DB) private readonly readDb?: Kysely<DB>,
  ) {}

  execute({ userId, callbacks }: ProcessMemberCallbacksCommand): Promise<ProcessCallbackResult[]> {
    let runs = this.runs.get(userId);
    if (!runs) {
      const created = new GroupCommit((jobs: ReadonlyArray<readonly CallbackRef[]>) => this.processJobs(userId, jobs), {
        concurrency: 1,
        maxItems: JOBS_PER_RUN,
        onIdle: () => this.runs.get(userId) === created && this.runs.delete(userId),
      });
      this.runs.set(userId, (runs = created));
    }
    return runs.submit(callbacks);
  }

  /** Several jobs as one run, each answered with the results of its own callbacks. */
  private async processJobs(uid: string, jobs: ReadonlyArray<readonly CallbackRef[]>): Promise<ProcessCallbackResult[][]> {
    const results = await this.process(uid, jobs.flat());
    let next = 0;
    return jobs.map((job) => results.slice(next, (next += job.length)));
  }

  private async process(uid: string, refs: readonly CallbackRef[]): Promise<ProcessCallbackResult[]> {
    const now = this.clock.nowIso();
    const streamsRead = await this.store.readStreams(refs.map((ref) => streams.callback(ref.transactionId)));
    const stored = refs.map((ref) => storedOnStream(ref, streamsRead.get(streams.callback(ref.transactionId))!));
    const results = new Map<StoredOnStream, ProcessCallbackResult>();
    const outcomes = new Map<StoredOnStream, CallbackCommand>();
    const processed = (entry: StoredOnStream, detail: string, earningId: string | null) => {
      results.set(entry, { outcome: 'processed', detail, earningId });
      outcomes.set(entry, { type: 'RecordCallbackProcessed', callbackId: entry.callbackId, uid, earningId, outcome: detail, now });
    };
    const failed = (entry: StoredOnStream, error: string) => {
      this.logger.warn({ callbackId: entry.callbackId, transactionId: entry.transactionId, error }, 'callback processing failed');
      results.set(entry, { outcome: 'failed', error });
      outcomes.set(entry, { type: 'RecordCallbackFailed', callbackId: entry.callbackId, error, now });
    };

    const toCredit: StoredOnStream[] = [];
    for (const entry of stored) {
      const { callback } = entry;
      if (!callback) {
        this.logger.error({ callbackId: entry.callbackId, streamId: entry.streamId }, 'callback to process is not on its stream');
        results.set(entry, { outcome: 'failed', error: `Callback ${entry.callbackId} not found on ${entry.streamId}` });
      } else if (callback.data.userId !== uid) {
        throw new Error(`Callback ${entry.callbackId} belongs to ${callback.data.userId}, not to ${uid}`);
      } else if (callback.processed) results.set(entry, { outcome: 'already_processed' });
      else if (callback.data.debug) processed(entry, DEBUG_NOT_CREDITED, null);
      else toCredit.push(entry);
    }

    if (toCredit.length > 0) {
      const member = await this.registeredMember(uid);
      if (!member) for (const entry of toCredit) failed(entry, `Unknown member ${uid}`);
      else {
        const decisions = await this.decideOnWallet(
          uid,
          toCredit.map((entry) => entry.callback!.data),
          now,
        );
        toCredit.forEach((entry, i) => {
          const decision = decisions[i];
          if ('refused' in decision) failed(entry, decision.refused.message);
          else {
            const { detail, earningId } = summarise(decision.events);
            processed(entry, detail, earningId);
          }
        });
      }
    }

    await this.recordOutcomes(outcomes);
    return stored.map((entry) => results.get(entry)!);
  }

  private async registeredMember(uid: string): Promise<{ referredBy: string | null } | null> {
    const known = this.registered.get(uid);
    if (known) return keep(this.registered, uid, known, MEMBER_CACHE_SIZE);
    const { state } = await aggregateStream(this.store, streams.user(uid), userDecider);
    return state.registered ? keep(this.registered, uid, { referredBy: state.referredBy }, MEMBER_CACHE_SIZE) : null;
  }

  /** Decides the callbacks on the wallet as it stands and appends what they change in one go. */
  private async decideOnWallet(uid: string, callbacks: Array<CallbackReceived['data']>, now: string): Promise<CallbackDecision[]> {
    const streamId = streams.wallet(uid);
    const toApply = callbacks.map((callback) => ({ callback, earningId: randomUUID() }));
    const kept = this.wallets.get(uid);
    let wallet = kept ?? (await this.walletAfter(uid, null));
    /** Whether `wallet` was read during this job (a kept fold may be behind the stream). */
    let fresh = !kept;
    for (let attempt = 1; ; attempt++) {
      // Deciding advances the fold in place: it is kept again only once it is known to match the stream.
      this.wallets.delete(uid);
      const { decisions, wallet: after } = decideCallbacks(wallet.state, uid, toApply, {
        reviewThresholdPence: this.config.reviewCreditPence,
        now,
      });
      const events = decisions.flatMap((d) => ('events' in d ? d.events : []));
      if (events.length === 0) {
        if (fresh) {
          keep(this.wallets, uid, wallet, WALLET_CACHE_SIZE);
          return decisions;
        }
        const current = await this.walletAfter(uid, wallet);
        if (current.revision === wallet.revision) return decisions;
        wallet = current;
        fresh = true;
        continue;
      }
      try {
        const { nextExpectedRevision } = await this.store.appendToStream(streamId, toNew(events), { expectedRevision: wallet.revision });
        keep(this.wallets, uid, { state: after, revision: nextExpectedRevision }, WALLET_CACHE_SIZE);
        return decisions;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
        wallet = await this.walletAfter(uid, null);
        fresh = true;
      }
    }
  }

  /**
   * The wallet up to its last event: `known` (a fold the decisions have not advanced) plus what was
   * appended after it, or a fold of the whole stream. Kept for the next job.
   */
  private async walletAfter(uid: string, known: CachedWallet | null): Promise<CachedWallet> {
    if (!known) {
      // No fold kept: start from the member's wallet snapshot (checked against the stream's hash) and fold the tail.
      const fold = await foldWalletFromSnapshot(this.readDb, this.store, uid);
      return keep(this.wallets, uid, { state: fold.state, revision: fold.revision }, WALLET_CACHE_SIZE);
    }
    const fromRevision = known && known.revision !== 'no_stream' ? known.revision + 1n : 0n;
    const recorded = await this.store.readStream(streams.wallet(uid), { fromRevision });
    const base = known ?? { state: walletDecider.initialState(), revision: 'no_stream' as const };
    const wallet =
      recorded.length === 0 ? base : { state: foldWallet(base.state, recorded), revision: recorded[recorded.length - 1].revision };
    return keep(this.wallets, uid, wallet, WALLET_CACHE_SIZE);
  }

  /**
   * Each callback stream records its callbacks' outcomes in one append after the revision read at
   * the start; a stream that moved on since is decided again on what it holds now.
   */
  private async recordOutcomes(outcomes: Map<StoredOnStream, CallbackCommand>): Promise<void> {
    const byStream = new Map<string, { first: StoredOnStream; commands: CallbackCommand[] }>();
    for (const [entry, command] of outcomes) {
      const group = byStream.get(entry.streamId);
      if (group) group.commands.push(command);
      else byStream.set(entry.streamId, { first: entry, commands: [command] });
    }
    await Promise.all(
      [...byStream.values()].map(async ({ first, commands }) => {
        let state = first.state;
        const events = commands.flatMap((command) => {
          const decided = callbackDecider.decide(command, state);
          state = decided.reduce(callbackDecider.evolve, state);
          return decided;
        });
        if (events.length === 0) return;
        try {
          await this.store.appendToStream(first.streamId, toNew(events), { expectedRevision: first.revision });
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          for (const command of commands) await handleCommand(this.store, first.streamId, callbackDecider, command);
        }
      }),
    );
  }
}

/**
 * An admin's retry of one stored callback: the same processing as the job's, for the member the
 * callback belongs to.
 */
@CommandHandler(ProcessCallbackCommand)
export class ProcessCallbackHandler implements ICommandHandler<ProcessCallbackCommand, ProcessCallbackResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly members: ProcessMemberCallbacksHandler,
  ) {}

  async execute({ transactionId, callbackId }: ProcessCallbackCommand): Promise<ProcessCallbackResult> {
    const streamId = streams.callback(transactionId);
    const { state } = await aggregateStream(this.store, streamId, callbackDecider);
    const callback = state.callbacks.get(callbackId);
    if (!callback) throw new DomainError(`Callback ${callbackId} not found on ${streamId}`, 'not_found');
    const [result] = await this.members.execute(new ProcessMemberCallbacksCommand(callback.data.userId, [{ transactionId, callbackId }]));
    return result;
  }
}
