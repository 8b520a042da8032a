import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@playquid/contracts';
import { assertNotOwnMoney, callbackDecider, DomainError, walletDecider } from '@playquid/domain';
import { Clock } from '../cqrs/clock';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { aggregateStream, handleCommand } from '../cqrs/command-handler';

export type ReviewDecision = 'approve' | 'reject';

/** An admin's review, from the callbacks console, of a credit held above the review threshold. */
export class ReviewHeldCreditCommand {
  constructor(
    readonly transactionId: string,
    readonly callbackId: string,
    readonly decision: ReviewDecision,
    /** The admin's email (or uid when the account has none): recorded on the event. */
    readonly reviewedBy: string,
    readonly reason: string,
    /** The reviewing admin's uid: nobody reviews a credit of their own. */
    readonly reviewerUid: string,
  ) {}
}

export interface ReviewHeldCreditResult {
  uid: string;
  earningId: string;
  amountPence: number;
  status: 'approved' | 'rejected';
}

export const NO_HELD_CREDIT_MESSAGE = 'Callback booked no credit held for review';

/**
 * Finds the earning through the callback's own stream (not the read model, which may lag), then
 * decides on the member's wallet stream: the wallet decider alone knows whether the credit is still
 * held and pending, so two admins deciding at once get one success and one 409.
 */
@CommandHandler(ReviewHeldCreditCommand)
export class ReviewHeldCreditHandler implements ICommandHandler<ReviewHeldCreditCommand, ReviewHeldCreditResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute(command: ReviewHeldCreditCommand): Promise<ReviewHeldCreditResult> {
    const { state } = await aggregateStream(this.store, streams.callback(command.transactionId), callbackDecider);
    const callback = state.callbacks.get(command.callbackId);
    if (!callback) throw new DomainError('Callback not found', 'not_found');
    if (!callback.earningId) throw new DomainError(NO_HELD_CREDIT_MESSAGE, 'conflict');

    const uid = callback.data.userId;
    assertNotOwnMoney(command.reviewerUid, uid);
    const { events } = await handleCommand(this.store, streams.wallet(uid), walletDecider, {
      type: command.decision === 'approve' ? 'ApproveHeldEarning' : 'RejectHeldEarning',
      uid,
      earningId: callback.earningId,
      by: command.reviewedBy,
      reason: command.reason,
      now: this.clock.nowIso(),
    });
    const [event] = events;
    if (event?.type !== 'EarningReviewApproved' && event?.type !== 'EarningReviewRejected') throw new Error('Review decided no event');
    return {
      uid,
      earningId: callback.earningId,
      amountPence: event.data.amountPence,
      status: event.type === 'EarningReviewApproved' ? 'approved' : 'rejected',
    };
  }
}
