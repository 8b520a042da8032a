import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type PayoutStatus, streams } from '@playquid/contracts';
import { DomainError } from '@playquid/domain';
import { assertNotBanned, userDecider } from '@playquid/domain';
import type { PayoutCommand } from '@playquid/domain';
import { walletDecider } from '@playquid/domain';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { aggregateStream, handleCommand } from '../services/command-handler';

/** A payout command with its time and ids filled in by the caller; `now` is set here. */
export type PayoutCommandInput = PayoutCommand extends infer C ? (C extends PayoutCommand ? Omit<C, 'now'> : never) : never;

export class RunPayoutCommand {
  constructor(
    readonly input: PayoutCommandInput,
    /** Who asked, for the event metadata (audit trail). */
    readonly actor: string,
  ) {}
}

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
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, actor }: RunPayoutCommand): Promise<PayoutCommandResult> {
    const command = { ...input, now: new Date().toISOString() } as PayoutCommand;
    // A ban lives on the user stream: a request is refused from it here, not only by the auth guard.
    if (command.type === 'RequestPayout') assertNotBanned((await aggregateStream(this.store, streams.user(command.uid), userDecider)).state);
    const { state } = await handleCommand(this.store, streams.wallet(command.uid), walletDecider, command, { metadata: { actor } });
    const payout = state.payouts[command.payoutId];
    if (!payout) throw new DomainError('Payout not found', 'not_found');
    return { payoutId: command.payoutId, status: payout.status, amountPence: payout.amountPence };
  }
}
