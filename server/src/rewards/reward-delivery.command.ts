import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type RewardState, streams } from '@playquid/contracts';
import { walletDecider } from '@playquid/domain';
import { Clock } from '../cqrs/clock';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { handleCommand } from '../cqrs/command-handler';

/** What a Tremendous delivery webhook says about a payout's reward email. */
export class RecordRewardDeliveryCommand {
  constructor(
    readonly uid: string,
    readonly payoutId: string,
    /** The webhook's own id: a redelivery of it records nothing. */
    readonly webhookUuid: string,
    readonly state: RewardState,
    /** The webhook's created_utc: an older webhook than the payout's last is recorded and changes nothing. */
    readonly occurredAt: string | null,
    readonly detail: string | null,
  ) {}
}

/** Decided on the member's wallet stream; answers whether the delivery was new (false for a redelivery). */
@CommandHandler(RecordRewardDeliveryCommand)
export class RecordRewardDeliveryHandler implements ICommandHandler<RecordRewardDeliveryCommand, boolean> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ uid, payoutId, webhookUuid, state, occurredAt, detail }: RecordRewardDeliveryCommand): Promise<boolean> {
    const { events } = await handleCommand(this.store, streams.wallet(uid), walletDecider, {
      type: 'RecordRewardDelivery',
      uid,
      payoutId,
      webhookUuid,
      state,
      occurredAt,
      detail,
      now: this.clock.nowIso(),
    });
    return events.length > 0;
  }
}
