import { Injectable, NotFoundException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { UserProfile } from '@playquid/contracts';
import type { UserState } from '@playquid/domain';
import { profileFromRow, profileFromState } from './profile.mapper';
import { UpdateUsernameCommand } from './user.commands';
import { UserRepository } from './user.repository';

/** The member's profile: read from the users table, or as a command has just decided it. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly users: UserRepository,
  ) {}

  async profile(uid: string): Promise<UserProfile> {
    const row = await this.users.find(uid);
    if (!row) throw new NotFoundException('User profile not found');
    return profileFromRow(row);
  }

  async updateUsername(uid: string, username: string): Promise<UserProfile> {
    return this.ofState(await this.commandBus.execute<UpdateUsernameCommand, UserState>(new UpdateUsernameCommand(uid, username)));
  }

  /** The answer to a command that must not wait for the projection (register, verify-token). */
  async ofState(state: UserState): Promise<UserProfile> {
    return profileFromState(state, await this.users.find(state.uid!));
  }
}
