import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type PayoutStatus, streams } from '@playquid/contracts';
import { assertNotBanned, assertNotOwnMoney, DomainError, type PayoutCommand, userDecider, walletDecider } from '@playquid/domain';
import { Clock, type WithoutNow } from '../cqrs/clock';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { aggregateStream, handleCommand } from '../cqrs/command-handler';

/** A payout command with its ids filled in by the caller; the handler stamps `now` from the clock. */
export type PayoutCommandInput = WithoutNow<PayoutCommand>;

export class RunPayoutCommand {
  constructor(
    readonly input: PayoutCommandInput,
    /** The uid of who asked: recorded in the event metadata, and never the member's own for an admin action. */
    readonly actor: string,
  ) {}
}

/** The payout commands only an admin gives (a member's own cancel is not one). */
const isAdminAction = (command: PayoutCommand): boolean =>
  command.type === 'ApprovePayout' ||
  command.type === 'RejectPayout' ||
  command.type === 'ProcessPayout' ||
  command.type === 'ResendReward' ||
  command.type === 'ReturnPayout' ||
  (command.type === 'CancelPayout' && command.byAdmin);

export interface PayoutCommandResult {
  payoutId: string;
  status: PayoutStatus;
  amountPence: number;
}

/**
 * Every payout command runs against the member's wallet stream with its expected revision, so a
 * request and anything else touching that balance are decided one after the other, never on stale
 * facts. Concurrent requests: one appends, the others re-read, see the open payout and get a 409.
 */
@CommandHandler(RunPayoutCommand)
export class RunPayoutHandler implements ICommandHandler<RunPayoutCommand, PayoutCommandResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ input, actor }: RunPayoutCommand): Promise<PayoutCommandResult> {
    const command = this.clock.stamp<PayoutCommand>(input);
    // A ban lives on the user stream: a request is refused from it here, not only by the auth guard.
    if (command.type === 'RequestPayout') assertNotBanned((await aggregateStream(this.store, streams.user(command.uid), userDecider)).state);
    if (isAdminAction(command)) assertNotOwnMoney(actor, command.uid);
    const { state } = await handleCommand(this.store, streams.wallet(command.uid), walletDecider, command, { metadata: { actor } });
    const payout = state.payouts[command.payoutId];
    if (!payout) throw new DomainError('Payout not found', 'not_found');
    return { payoutId: command.payoutId, status: payout.status, amountPence: payout.amountPence };
  }
}
