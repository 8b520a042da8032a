import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Gender, streams } from '@playquid/contracts';
import { emailClaimDecider, userDecider, type UserState } from '@playquid/domain';
import { PersonalDataVault } from '@playquid/read-db';
import { Clock } from '../cqrs/clock';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { aggregateStream, handleCommand } from '../cqrs/command-handler';
import { GrantWelcomeBonusCommand } from '../wallet/welcome-bonus.command';

export class RegisterMemberCommand {
  constructor(
    readonly uid: string,
    /** From the verified ID token only, never from a request body. */
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
 * Claims the email, creates the profile once, and grants the welcome bonus once the email is
 * verified. Every step is idempotent, so a crash between the appends heals on the next sign-in.
 */
@CommandHandler(RegisterMemberCommand)
export class RegisterMemberHandler implements ICommandHandler<RegisterMemberCommand, RegisterMemberResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly commandBus: CommandBus,
    private readonly vault: PersonalDataVault,
  ) {}

  async execute(command: RegisterMemberCommand): Promise<RegisterMemberResult> {
    const now = this.clock.nowIso();
    const { state: before } = await aggregateStream(this.store, streams.user(command.uid), userDecider);
    if (!before.registered) {
      // The claim comes first: a profile is only ever created for an email no other uid holds.
      await handleCommand(this.store, streams.emailClaim(await this.vault.emailLookup(command.email)), emailClaimDecider, {
        type: 'ClaimEmail',
        email: command.email,
        uid: command.uid,
        now,
      });
    }
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
    await this.commandBus.execute(new GrantWelcomeBonusCommand(state));
    return { created: events.length > 0, state };
  }
}
