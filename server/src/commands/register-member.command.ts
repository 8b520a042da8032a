import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Gender, streams } from '@playquid/contracts';
import { randomUUID } from 'node:crypto';
import type { UserState } from '../domain/user.decider';
import { userDecider } from '../domain/user.decider';
import { walletDecider } from '../domain/wallet.decider';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { handleCommand } from '../services/command-handler';

export class RegisterMemberCommand {
  constructor(
    readonly uid: string,
    readonly email: string,
    readonly username: string,
    readonly gender: Gender | null,
    readonly referredBy: string | null,
    readonly emailVerified: boolean,
  ) {}
}

export interface RegisterMemberResult {
  created: boolean;
  state: UserState;
}

/**
 * Creates the profile once and grants the welcome bonus once. The bonus step runs on every call:
 * its decider is idempotent, so a crash between the two appends heals on the next sign-in.
 */
@CommandHandler(RegisterMemberCommand)
export class RegisterMemberHandler implements ICommandHandler<RegisterMemberCommand, RegisterMemberResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute(command: RegisterMemberCommand): Promise<RegisterMemberResult> {
    const now = new Date().toISOString();
    const { events, state } = await handleCommand(this.store, streams.user(command.uid), userDecider, {
      type: 'RegisterUser',
      uid: command.uid,
      email: command.email,
      username: command.username,
      gender: command.gender,
      referredBy: command.referredBy,
      emailVerified: command.emailVerified,
      now,
    });
    await handleCommand(this.store, streams.wallet(command.uid), walletDecider, {
      type: 'GrantWelcomeBonus',
      uid: command.uid,
      earningId: randomUUID(),
      now,
    });
    return { created: events.length > 0, state };
  }
}
