import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@playquid/contracts';
import { type UserState, walletDecider, welcomeBonusDue } from '@playquid/domain';
import { randomUUID } from 'node:crypto';
import { Clock } from '../cqrs/clock';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { handleCommand } from '../cqrs/command-handler';

/** The member as the user stream now has them: the welcome bonus is granted once their email is verified. */
export class GrantWelcomeBonusCommand {
  constructor(readonly user: UserState) {}
}

/** Grants the welcome bonus when it is due; the wallet decider keeps it to one per member. */
@CommandHandler(GrantWelcomeBonusCommand)
export class GrantWelcomeBonusHandler implements ICommandHandler<GrantWelcomeBonusCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute({ user }: GrantWelcomeBonusCommand): Promise<void> {
    if (!welcomeBonusDue(user)) return;
    const uid = user.uid!;
    await handleCommand(this.store, streams.wallet(uid), walletDecider, { type: 'GrantWelcomeBonus', uid, earningId: randomUUID(), now: this.clock.nowIso() });
  }
}
