import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams, type WalletEvent } from '@playquid/contracts';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { callbackDecider } from '@playquid/domain';
import { DomainError } from '@playquid/domain';
import { userDecider } from '@playquid/domain';
import { walletDecider } from '@playquid/domain';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { aggregateStream, handleCommand } from '../services/command-handler';

export class ProcessCallbackCommand {
  constructor(
    readonly transactionId: string,
    readonly callbackId: string,
  ) {}
}

/** The outcome of a BitLabs dashboard test callback: recorded and shown, never money. */
export const DEBUG_NOT_CREDITED = 'debug_not_credited';

export type ProcessCallbackResult =
  | { outcome: 'processed'; detail: string; earningId: string | null }
  | { outcome: 'already_processed' }
  | { outcome: 'failed'; error: string };

function summarise(events: WalletEvent[]): { detail: string; earningId: string | null } {
  const event = events[0];
  if (!event) return { detail: 'no_change', earningId: null };
  switch (event.type) {
    case 'EarningCredited':
      return { detail: event.data.heldForReview ? 'credited_held_for_review' : `credited_${event.data.status}`, earningId: event.data.earningId };
    case 'EarningApproved':
      return { detail: 'approved', earningId: event.data.earningId };
    case 'EarningReversed':
      return { detail: 'reversed', earningId: event.data.earningId };
    default:
      return { detail: event.type, earningId: null };
  }
}

/**
 * Turns a stored callback into money on the member's wallet stream. Safe to run any number of
 * times (job retries, admin reprocess): the wallet decider books each callback id once, and the
 * callback stream records the outcome once.
 */
@CommandHandler(ProcessCallbackCommand)
export class ProcessCallbackHandler implements ICommandHandler<ProcessCallbackCommand, ProcessCallbackResult> {
  private readonly logger = new Logger('CallbackProcessing');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ transactionId, callbackId }: ProcessCallbackCommand): Promise<ProcessCallbackResult> {
    const streamId = streams.callback(transactionId);
    const { state } = await aggregateStream(this.store, streamId, callbackDecider);
    const callback = state.callbacks.get(callbackId);
    if (!callback) throw new DomainError(`Callback ${callbackId} not found on ${streamId}`, 'not_found');
    if (callback.processed) return { outcome: 'already_processed' };

    const now = new Date().toISOString();
    const uid = callback.data.userId;
    if (callback.data.debug) {
      await handleCommand(this.store, streamId, callbackDecider, { type: 'RecordCallbackProcessed', callbackId, uid, earningId: null, outcome: DEBUG_NOT_CREDITED, now });
      return { outcome: 'processed', detail: DEBUG_NOT_CREDITED, earningId: null };
    }
    try {
      const member = await aggregateStream(this.store, streams.user(uid), userDecider);
      if (!member.state.registered) throw new DomainError(`Unknown member ${uid}`, 'not_found');
      const { events } = await handleCommand(this.store, streams.wallet(uid), walletDecider, {
        type: 'ApplyCallback',
        uid,
        callback: callback.data,
        earningId: randomUUID(),
        reviewThresholdPence: this.config.reviewCreditPence,
        now,
      });
      const { detail, earningId } = summarise(events);
      const completedOffer = events.some((e) => (e.type === 'EarningCredited' && e.data.status === 'approved') || e.type === 'EarningApproved');
      if (completedOffer && member.state.referredBy) await rewardReferrer(this.store, member.state.referredBy, uid, now);
      await handleCommand(this.store, streamId, callbackDecider, { type: 'RecordCallbackProcessed', callbackId, uid, earningId, outcome: detail, now });
      return { outcome: 'processed', detail, earningId };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error; // infrastructure trouble: let the job retry
      this.logger.warn({ callbackId, transactionId, error: error.message }, 'callback processing failed');
      await handleCommand(this.store, streamId, callbackDecider, { type: 'RecordCallbackFailed', callbackId, error: error.message, now });
      return { outcome: 'failed', error: error.message };
    }
  }
}

/**
 * The friend completed an offer (a COMPLETED credit, or an admin releasing a held one): the referrer
 * gets the referral reward, once per friend (the referrer's wallet decider refuses a second one,
 * and the earning id is fixed per friend).
 */
export async function rewardReferrer(store: EventStore, referrerUid: string, friendUid: string, now: string): Promise<void> {
  const referrer = await aggregateStream(store, streams.user(referrerUid), userDecider);
  if (!referrer.state.registered) return; // a ref link with an unknown uid earns nobody anything
  await handleCommand(store, streams.wallet(referrerUid), walletDecider, {
    type: 'GrantReferralReward',
    uid: referrerUid,
    friendUid,
    earningId: `referral-${friendUid}`,
    now,
  });
}
