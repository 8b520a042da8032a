import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@playquid/contracts';
import { userDecider, walletDecider } from '@playquid/domain';
import { Clock } from '../cqrs/clock';
import { aggregateStream, handleCommand } from '../cqrs/command-handler';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';

/** A friend's qualification changed (MemberQualified or MemberQualificationLost on their wallet). */
export class SettleReferralCommand {
  constructor(readonly friendUid: string) {}
}

export type ReferralSettlement =
  | { outcome: 'granted' | 'reversed' | 'unchanged'; referrerUid: string; friendQualified: boolean }
  | { outcome: 'no_referrer' };

/** Settlements that saw the friend's qualification change under them, before the job is retried. */
const MAX_ROUNDS = 5;

/**
 * The referrer's reward follows the friend's qualification as it stands when the job runs, not the
 * event that asked: the friend's wallet is read, the referrer's wallet decides (SettleReferral,
 * with its expected revision), and the friend's wallet is read again. Had it changed meanwhile, the
 * settlement runs again on the new fact, so however many jobs run at once, in whatever order, the
 * last one to finish leaves the reward matching the friend's wallet. A contended referrer wallet
 * throws, and the job is retried with backoff until it is done: a reward is never dropped.
 */
@CommandHandler(SettleReferralCommand)
export class SettleReferralHandler implements ICommandHandler<SettleReferralCommand, ReferralSettlement> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ friendUid }: SettleReferralCommand): Promise<ReferralSettlement> {
    const friend = await aggregateStream(this.store, streams.user(friendUid), userDecider);
    const referrerUid = friend.state.referredBy;
    if (!referrerUid || referrerUid === friendUid) return { outcome: 'no_referrer' };
    // A referral link naming an unknown uid earns nobody anything.
    if (!(await aggregateStream(this.store, streams.user(referrerUid), userDecider)).state.registered) return { outcome: 'no_referrer' };

    let qualification = await this.friendQualification(friendUid);
    for (let round = 1; ; round++) {
      const { events } = await handleCommand(this.store, streams.wallet(referrerUid), walletDecider, {
        type: 'SettleReferral',
        uid: referrerUid,
        friendUid,
        friendQualified: qualification.qualified,
        now: this.clock.nowIso(),
      });
      const now = await this.friendQualification(friendUid);
      if (now.sequence === qualification.sequence) {
        const outcome = events.some((e) => e.type === 'ReferralRewardGranted')
          ? 'granted'
          : events.some((e) => e.type === 'ReferralRewardReversed')
            ? 'reversed'
            : 'unchanged';
        return { outcome, referrerUid, friendQualified: qualification.qualified };
      }
      if (round >= MAX_ROUNDS) throw new Error(`Friend ${friendUid}'s qualification kept changing; retrying the settlement`);
      qualification = now;
    }
  }

  private async friendQualification(friendUid: string): Promise<{ qualified: boolean; sequence: number }> {
    const { state } = await aggregateStream(this.store, streams.wallet(friendUid), walletDecider);
    return { qualified: state.completedOffers > 0, sequence: state.qualificationSequence };
  }
}
