import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@playquid/contracts';
import { userDecider, walletDecider } from '@playquid/domain';
import { Clock } from '../cqrs/clock';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { aggregateStream, handleCommand } from '../cqrs/command-handler';

/** A referred friend completed an offer (a COMPLETED credit, or an admin releasing a held one). */
export class GrantReferralRewardCommand {
  constructor(
    readonly referrerUid: string,
    readonly friendUid: string,
  ) {}
}

/**
 * The referrer gets the referral reward, once per friend: the referrer's wallet decider refuses a
 * second one, and the earning id is fixed per friend. A referral link naming an unknown uid earns
 * nobody anything.
 */
@CommandHandler(GrantReferralRewardCommand)
export class GrantReferralRewardHandler implements ICommandHandler<GrantReferralRewardCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ referrerUid, friendUid }: GrantReferralRewardCommand): Promise<void> {
    const referrer = await aggregateStream(this.store, streams.user(referrerUid), userDecider);
    if (!referrer.state.registered) return;
    await handleCommand(this.store, streams.wallet(referrerUid), walletDecider, {
      type: 'GrantReferralReward',
      uid: referrerUid,
      friendUid,
      earningId: `referral-${friendUid}`,
      now: this.clock.nowIso(),
    });
  }
}
