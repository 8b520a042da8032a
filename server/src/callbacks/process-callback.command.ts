import { Inject, Logger, Optional } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CallbackReceived, streams, type WalletEvent } from '@playquid/contracts';
import { callbackBatch, type CallbackCommand, type CallbackDecision, callbackDecider, DomainError, userDecider } from '@playquid/domain';
import { randomUUID } from 'node:crypto';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { READ_DB } from '../infra/tokens';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../cqrs/clock';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { aggregateStream, handleCommand } from '../cqrs/command-handler';
import { type CallbackRef, recordCallbackOutcomes, type StoredOnStream, storedOnStream } from './callback-outcomes';
import { MemberRunQueue } from './member-run-queue';
import { WalletFoldCache } from './wallet-fold-cache';

/** One stored callback, for an admin's reprocess. */
export class ProcessCallbackCommand {
  constructor(
    readonly transactionId: string,
    readonly callbackId: string,
  ) {}
}

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

/** Jobs of one member taken together at most, when they queue up behind one being decided. */
const JOBS_PER_RUN = 50;
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

/**
 * Turns stored callbacks into money on the member's wallet stream: all the callbacks of a job are
 * decided in order against one fold of the wallet and appended in one go, then each callback's own
 * stream records its outcome. Safe to run any number of times (job retries, admin reprocess): the
 * wallet decider books each callback id once, and each callback stream records the outcome once.
 *
 * A member's callbacks are decided one run at a time in this process; the member's jobs that
 * arrive meanwhile go together into the next run (group commit), their callback streams read in
 * one go. A run decides on a fold of the wallet kept between runs (WalletFoldCache, handleCommand's
 * state source): the append expecting its revision proves it current, and one that meets another
 * writer's events (another process, a payout) reads the wallet anew and decides again. A run that
 * changes nothing on a kept fold stands only once the stream shows nothing was appended after it.
 */
@CommandHandler(ProcessMemberCallbacksCommand)
export class ProcessMemberCallbacksHandler implements ICommandHandler<ProcessMemberCallbacksCommand, ProcessCallbackResult[]> {
  private readonly logger = new Logger('CallbackProcessing');
  private readonly runs = new MemberRunQueue((uid: string, jobs: Array<readonly CallbackRef[]>) => this.processJobs(uid, jobs), JOBS_PER_RUN);
  private readonly wallets: WalletFoldCache;
  private readonly registered = new LRUCache<string, { referredBy: string | null }>({ max: MEMBER_CACHE_SIZE });

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    /** The read model, for wallet snapshots (absent: every fold reads the whole stream). */
    @Optional() @Inject(READ_DB) readDb?: Kysely<DB>,
  ) {
    this.wallets = new WalletFoldCache(store, readDb);
  }

  execute({ userId, callbacks }: ProcessMemberCallbacksCommand): Promise<ProcessCallbackResult[]> {
    return this.runs.submit(userId, callbacks);
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

    await recordCallbackOutcomes(this.store, outcomes);
    return stored.map((entry) => results.get(entry)!);
  }

  private async registeredMember(uid: string): Promise<{ referredBy: string | null } | null> {
    const known = this.registered.get(uid);
    if (known) return known;
    const { state } = await aggregateStream(this.store, streams.user(uid), userDecider);
    if (!state.registered) return null;
    const member = { referredBy: state.referredBy };
    this.registered.set(uid, member);
    return member;
  }

  /**
   * Decides the callbacks on the wallet as it stands and appends what they change in one go: one
   * command on the wallet stream, decided on the kept fold (handleCommand's state source) and again
   * on the wallet read anew after a conflict. The decisions returned are those of the attempt whose
   * events were appended (or that changed nothing).
   */
  private async decideOnWallet(uid: string, callbacks: Array<CallbackReceived['data']>, now: string): Promise<CallbackDecision[]> {
    const toApply = callbacks.map((callback) => ({ callback, earningId: randomUUID() }));
    const batch = callbackBatch(uid, { reviewThresholdPence: this.config.reviewCreditPence, now });
    await handleCommand(this.store, streams.wallet(uid), batch.decider, toApply, { stateSource: this.wallets.source(uid) });
    return batch.decisions();
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
