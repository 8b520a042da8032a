import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@playquid/contracts';
import { type UserState, userDecider } from '@playquid/domain';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { handleCommand } from '../services/command-handler';

/** The acting admin: uid for the rules ("not yourself") and the audit metadata, name for the event. */
export interface Actor {
  uid: string;
  name: string;
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

/** Bans are decided on the member's user stream, so the ban and a role change never race past each other. */
@CommandHandler(BanUserCommand)
export class BanUserHandler implements ICommandHandler<BanUserCommand, UserState> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ uid, actor, reason }: BanUserCommand): Promise<UserState> {
    const command = { type: 'BanUser' as const, uid, byUid: actor.uid, bannedBy: actor.name, reason, now: new Date().toISOString() };
    return (await handleCommand(this.store, streams.user(uid), userDecider, command, { metadata: { actor: actor.uid } })).state;
  }
}

@CommandHandler(UnbanUserCommand)
export class UnbanUserHandler implements ICommandHandler<UnbanUserCommand, UserState> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ uid, actor, reason }: UnbanUserCommand): Promise<UserState> {
    const command = { type: 'UnbanUser' as const, uid, unbannedBy: actor.name, reason, now: new Date().toISOString() };
    return (await handleCommand(this.store, streams.user(uid), userDecider, command, { metadata: { actor: actor.uid } })).state;
  }
}
