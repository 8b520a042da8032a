import { Inject, Injectable } from '@nestjs/common';
import { type ClaimEvent, type ClaimOpened, penceToDecimal, streams } from '@playquid/contracts';
import {
  CLAIM_CREDITED_SINCE_MESSAGE,
  claimEarningId,
  type ClaimCommand,
  claimDecider,
  claimTaskDecider,
  DomainError,
  walletDecider,
  withdrawnApprovalReason,
} from '@playquid/domain';
import type { AuthUser } from '../auth/auth.types';
import { Clock } from '../cqrs/clock';
import { aggregateStream, handleCommand } from '../cqrs/command-handler';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import type { ClaimDecisionDto, ClaimWaitingDto } from './claims.dto';
import { ClaimsRepository } from './claims.repository';

/** The admin acting: their email (or uid) goes on the events, their uid is checked against the member's. */
const adminOf = (auth: AuthUser) => ({ by: auth.email ?? auth.uid, byUid: auth.uid });

/**
 * The admin's decisions on a claim: waiting, approve (which credits the wallet through the wallet
 * decider) and decline (which frees the task for a new claim).
 */
@Injectable()
export class ClaimDecisions {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly claims: ClaimsRepository,
  ) {}

  async markWaiting(auth: AuthUser, id: string, dto: ClaimWaitingDto) {
    const { state } = await this.decide(auth, {
      type: 'MarkClaimWaiting',
      claimId: id,
      note: dto.note ?? null,
      now: this.clock.nowIso(),
      ...adminOf(auth),
    });
    return { id, status: state.status };
  }

  /**
   * ClaimApproved on the claim's stream, then the credit on the member's wallet (idempotent by
   * claim): a retried approval after a failed credit books the credit and nothing twice. A credit
   * the wallet refuses for good (the partner paid the task after our check, the account closed)
   * declines the claim with that reason and frees its task, so no claim reads approved without
   * its money; the admin gets the refusal (409).
   */
  async approve(auth: AuthUser, id: string, dto: ClaimDecisionDto) {
    await this.refuseIfCreditedSince(id);
    const { state, recorded } = await this.decide(auth, {
      type: 'ApproveClaim',
      claimId: id,
      reason: dto.reason,
      now: this.clock.nowIso(),
      ...adminOf(auth),
    });
    const opened = recorded.find((e): e is ClaimOpened => e.type === 'ClaimOpened')!.data;
    const approval = recorded.find((e) => e.type === 'ClaimApproved');
    const { by, byUid, reason } = approval?.type === 'ClaimApproved' ? approval.data : { ...adminOf(auth), reason: dto.reason };
    const credit = await this.creditOrWithdraw(auth, id, opened, () =>
      handleCommand(
        this.store,
        streams.wallet(opened.uid),
        walletDecider,
        {
          type: 'CreditClaim',
          uid: opened.uid,
          claimId: id,
          earningId: state.earningId!,
          offerId: opened.apiId,
          offerName: opened.offerTitle,
          taskId: opened.taskId,
          taskName: opened.taskName,
          amountPence: opened.rewardPence,
          by,
          byUid,
          reason,
          now: this.clock.nowIso(),
        },
        { metadata: { actor: auth.uid } },
      ),
    );
    return {
      id,
      status: state.status,
      earning_id: state.earningId,
      amount: Number(penceToDecimal(opened.rewardPence)),
      amount_pence: opened.rewardPence,
      credited: credit.events.length > 0,
    };
  }

  async decline(auth: AuthUser, id: string, dto: ClaimDecisionDto) {
    const { state } = await this.decide(auth, {
      type: 'DeclineClaim',
      claimId: id,
      reason: dto.reason,
      now: this.clock.nowIso(),
      ...adminOf(auth),
    });
    await this.releaseTask(id, state.uid!, state.offerId!, state.taskId!);
    return { id, status: state.status, reason: dto.reason };
  }

  private async creditOrWithdraw<T>(auth: AuthUser, id: string, opened: ClaimOpened['data'], credit: () => Promise<T>): Promise<T> {
    try {
      return await credit();
    } catch (error) {
      // Only the wallet's own refusals are final; anything else (a lost connection) is retried by approving again.
      if (!(error instanceof DomainError) || error.code !== 'conflict') throw error;
      await this.decide(auth, {
        type: 'WithdrawClaimApproval',
        claimId: id,
        refusal: error.message,
        now: this.clock.nowIso(),
        ...adminOf(auth),
      });
      await this.releaseTask(id, opened.uid, opened.offerId, opened.taskId);
      throw new DomainError(`${withdrawnApprovalReason(error.message)}. The claim is declined and nothing was credited.`, 'conflict');
    }
  }

  /** The task is free for a new claim once this one is declined. */
  private async releaseTask(claimId: string, uid: string, offerId: string, taskId: string): Promise<void> {
    await handleCommand(this.store, streams.claimTask(uid, offerId, taskId), claimTaskDecider, {
      type: 'ReleaseClaimTask',
      uid,
      offerId,
      taskId,
      claimId,
      now: this.clock.nowIso(),
    });
  }

  /**
   * A credit from the partner that arrived while the claim was open settles it: approving as well
   * would pay the task twice (409; the admin declines it instead).
   */
  private async refuseIfCreditedSince(id: string): Promise<void> {
    const { recorded } = await aggregateStream(this.store, streams.claim(id), claimDecider);
    const events = recorded.map((e) => ({ type: e.type, data: e.data }) as ClaimEvent);
    const opened = events.find((e): e is ClaimOpened => e.type === 'ClaimOpened');
    if (!opened || events.some((e) => e.type === 'ClaimApproved' || e.type === 'ClaimDeclined')) return;
    const earnings = await this.claims.memberOfferEarnings(opened.data.uid, opened.data.apiId);
    const credited = earnings.some(
      (e) =>
        e.status !== 'rejected' &&
        e.id !== claimEarningId(id) &&
        (e.task_id === opened.data.taskId || e.task_name === opened.data.taskName),
    );
    if (credited) throw new DomainError(CLAIM_CREDITED_SINCE_MESSAGE, 'conflict');
  }

  private async decide(auth: AuthUser, command: ClaimCommand) {
    const result = await handleCommand(this.store, streams.claim(command.claimId), claimDecider, command, {
      metadata: { actor: auth.uid },
    });
    const { recorded } = await aggregateStream(this.store, streams.claim(command.claimId), claimDecider);
    return { state: result.state, recorded: recorded.map((e) => ({ type: e.type, data: e.data }) as ClaimEvent) };
  }
}
