import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Role, streams } from '@playquid/contracts';
import { type UserState, userDecider } from '@playquid/domain';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { handleCommand } from '../services/command-handler';
import { grantWelcomeBonusIfDue } from './welcome-bonus';

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

@CommandHandler(RecordSignInCommand)
export class RecordSignInHandler implements ICommandHandler<RecordSignInCommand, UserState> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ uid }: RecordSignInCommand): Promise<UserState> {
    const now = new Date().toISOString();
    return (await handleCommand(this.store, streams.user(uid), userDecider, { type: 'RecordSignIn', uid, now })).state;
  }
}

@CommandHandler(MarkEmailVerifiedCommand)
export class MarkEmailVerifiedHandler implements ICommandHandler<MarkEmailVerifiedCommand, UserState> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ uid }: MarkEmailVerifiedCommand): Promise<UserState> {
    const now = new Date().toISOString();
    const { state } = await handleCommand(this.store, streams.user(uid), userDecider, { type: 'MarkEmailVerified', uid, now });
    // The first time the email is seen verified is when the welcome bonus becomes due.
    await grantWelcomeBonusIfDue(this.store, state, now);
    return state;
  }
}

@CommandHandler(ChangeRoleCommand)
export class ChangeRoleHandler implements ICommandHandler<ChangeRoleCommand, UserState> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ uid, role, changedBy, reason }: ChangeRoleCommand): Promise<UserState> {
    const now = new Date().toISOString();
    return (await handleCommand(this.store, streams.user(uid), userDecider, { type: 'ChangeRole', uid, role, changedBy, reason, now })).state;
  }
}

@CommandHandler(UpdateUsernameCommand)
export class UpdateUsernameHandler implements ICommandHandler<UpdateUsernameCommand, UserState> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ uid, username }: UpdateUsernameCommand): Promise<UserState> {
    const now = new Date().toISOString();
    return (await handleCommand(this.store, streams.user(uid), userDecider, { type: 'UpdateUsername', uid, username, now })).state;
  }
}
