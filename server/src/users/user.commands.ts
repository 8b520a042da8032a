import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Role, streams } from '@playquid/contracts';
import { type UserCommand, type UserState, userDecider } from '@playquid/domain';
import { Clock, type WithoutNow } from '../cqrs/clock';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { handleCommand } from '../cqrs/command-handler';
import { GrantWelcomeBonusCommand } from '../wallet/welcome-bonus.command';

/** The acting admin: uid for the rules ("not yourself") and the audit metadata, name for the event. */
export interface Actor {
  uid: string;
  name: string;
}

export class RecordSignInCommand {
  constructor(readonly uid: string) {}
}

export class MarkEmailVerifiedCommand {
  constructor(readonly uid: string) {}
}

export class UpdateUsernameCommand {
  constructor(
    readonly uid: string,
    readonly username: string,
  ) {}
}

export class ChangeRoleCommand {
  constructor(
    readonly uid: string,
    readonly role: Role,
    readonly changedBy: string,
    readonly reason: string | null = null,
  ) {}
}

export class BanUserCommand {
  constructor(
    readonly uid: string,
    readonly actor: Actor,
    readonly reason: string,
  ) {}
}

export class UnbanUserCommand {
  constructor(
    readonly uid: string,
    readonly actor: Actor,
    readonly reason: string | null,
  ) {}
}

/**
 * Every user-stream command is decided the same way: on the member's user stream, stamped with the
 * clock. Bans and role changes share the stream, so they never race past each other.
 */
@Injectable()
abstract class UserStreamHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  protected async decide(input: WithoutNow<UserCommand>, actor?: string): Promise<UserState> {
    const options = actor === undefined ? {} : { metadata: { actor } };
    return (await handleCommand(this.store, streams.user(input.uid), userDecider, this.clock.stamp<UserCommand>(input), options)).state;
  }
}

@CommandHandler(RecordSignInCommand)
export class RecordSignInHandler extends UserStreamHandler implements ICommandHandler<RecordSignInCommand, UserState> {
  execute({ uid }: RecordSignInCommand): Promise<UserState> {
    return this.decide({ type: 'RecordSignIn', uid });
  }
}

@CommandHandler(MarkEmailVerifiedCommand)
export class MarkEmailVerifiedHandler extends UserStreamHandler implements ICommandHandler<MarkEmailVerifiedCommand, UserState> {
  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    clock: Clock,
    private readonly commandBus: CommandBus,
  ) {
    super(store, clock);
  }

  async execute({ uid }: MarkEmailVerifiedCommand): Promise<UserState> {
    const state = await this.decide({ type: 'MarkEmailVerified', uid });
    // The first time the email is seen verified is when the welcome bonus becomes due.
    await this.commandBus.execute(new GrantWelcomeBonusCommand(state));
    return state;
  }
}

@CommandHandler(ChangeRoleCommand)
export class ChangeRoleHandler extends UserStreamHandler implements ICommandHandler<ChangeRoleCommand, UserState> {
  execute({ uid, role, changedBy, reason }: ChangeRoleCommand): Promise<UserState> {
    return this.decide({ type: 'ChangeRole', uid, role, changedBy, reason });
  }
}

@CommandHandler(UpdateUsernameCommand)
export class UpdateUsernameHandler extends UserStreamHandler implements ICommandHandler<UpdateUsernameCommand, UserState> {
  execute({ uid, username }: UpdateUsernameCommand): Promise<UserState> {
    return this.decide({ type: 'UpdateUsername', uid, username });
  }
}

@CommandHandler(BanUserCommand)
export class BanUserHandler extends UserStreamHandler implements ICommandHandler<BanUserCommand, UserState> {
  execute({ uid, actor, reason }: BanUserCommand): Promise<UserState> {
    return this.decide({ type: 'BanUser', uid, byUid: actor.uid, bannedBy: actor.name, reason }, actor.uid);
  }
}

@CommandHandler(UnbanUserCommand)
export class UnbanUserHandler extends UserStreamHandler implements ICommandHandler<UnbanUserCommand, UserState> {
  execute({ uid, actor, reason }: UnbanUserCommand): Promise<UserState> {
    return this.decide({ type: 'UnbanUser', uid, unbannedBy: actor.name, reason }, actor.uid);
  }
}

export const USER_COMMAND_HANDLERS = [
  RecordSignInHandler,
  MarkEmailVerifiedHandler,
  ChangeRoleHandler,
  UpdateUsernameHandler,
  BanUserHandler,
  UnbanUserHandler,
];
