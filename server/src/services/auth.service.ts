import { ForbiddenException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { UserProfile } from '@playquid/contracts';
import type { Auth } from 'firebase-admin/auth';
import type { AuthUser } from '../auth/auth.types';
import { FirebaseEmailClient } from '../auth/firebase-email.client';
import { RegisterMemberCommand, type RegisterMemberResult } from '../commands/register-member.command';
import { MarkEmailVerifiedCommand, RecordSignInCommand, UpdateUsernameCommand } from '../commands/user-commands';
import type { UserState } from '@playquid/domain';
import type { RegisterDto } from '../dtos/auth.dto';
import { FIREBASE_AUTH } from '../infra/tokens';
import { UserRepository } from '../repositories/user.repository';
import { profileFromRow, profileFromState } from './profile.mapper';

const emailPrefix = (email: string) => email.split('@')[0] ?? '';

export const RESEND_FAILED_MESSAGE = 'Failed to send verification email. Please try again.';
export const NO_EMAIL_MESSAGE = 'This sign-in has no email address; sign up with email or Google';

/** The profile's email is the one Firebase vouches for in the ID token; a request body is never trusted for it. */
function tokenEmail(auth: AuthUser): string {
  if (!auth.email) throw new ForbiddenException(NO_EMAIL_MESSAGE);
  return auth.email.toLowerCase();
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly commandBus: CommandBus,
    private readonly users: UserRepository,
    @Inject(FIREBASE_AUTH) private readonly firebase: Auth,
    private readonly emails: FirebaseEmailClient,
  ) {}

  async register(auth: AuthUser, dto: RegisterDto): Promise<{ created: boolean; user: UserProfile }> {
    const email = tokenEmail(auth);
    const result: RegisterMemberResult = await this.commandBus.execute(
      new RegisterMemberCommand(auth.uid, email, dto.username || emailPrefix(email), dto.gender ?? null, dto.referred_by?.trim() || null, auth.emailVerified),
    );
    let state = result.state;
    if (auth.emailVerified && !state.emailVerified) state = await this.commandBus.execute(new MarkEmailVerifiedCommand(auth.uid));
    return { created: result.created, user: await this.toProfile(state) };
  }

  /** Called on every sign-in of the client: makes sure a profile exists and records the login. */
  async verifyToken(auth: AuthUser): Promise<UserProfile> {
    const email = tokenEmail(auth);
    await this.commandBus.execute(new RegisterMemberCommand(auth.uid, email, emailPrefix(email), null, null, auth.emailVerified));
    let state: UserState = await this.commandBus.execute(new RecordSignInCommand(auth.uid));
    if (auth.emailVerified && !state.emailVerified) state = await this.commandBus.execute(new MarkEmailVerifiedCommand(auth.uid));
    return this.toProfile(state);
  }

  /** Reads the identity provider's verification flag (not the possibly stale token) and records it. */
  async syncVerification(auth: AuthUser): Promise<UserProfile> {
    tokenEmail(auth);
    const record = await this.firebase.getUser(auth.uid);
    let state: UserState;
    if (record.emailVerified) {
      state = await this.commandBus.execute(new MarkEmailVerifiedCommand(auth.uid));
    } else {
      state = (await this.commandBus.execute(new RecordSignInCommand(auth.uid))) as UserState;
    }
    return this.toProfile(state);
  }

  /** Ends every session of the member: ID tokens issued before now are refused where revocation is checked. */
  async logout(uid: string): Promise<void> {
    await this.firebase.revokeRefreshTokens(uid);
  }

  async updateUsername(uid: string, username: string): Promise<UserProfile> {
    const state: UserState = await this.commandBus.execute(new UpdateUsernameCommand(uid, username));
    return this.toProfile(state);
  }

  async profile(uid: string): Promise<UserProfile> {
    const row = await this.users.findWithBalance(uid);
    if (!row) throw new NotFoundException('User profile not found');
    return profileFromRow(row);
  }

  /** Firebase sends the email; an unknown address is not revealed to the caller, only logged. */
  async forgotPassword(email: string): Promise<void> {
    try {
      await this.emails.sendPasswordReset(email);
    } catch (error) {
      // Unknown emails are not revealed to the caller.
      this.logger.debug({ error: (error as Error).message }, 'password reset email not sent');
    }
  }

  /**
   * Sends the verification email again through Firebase (the emulator records it as an oobCode).
   * An already verified member is told so and nothing is sent.
   */
  async resendVerification(auth: AuthUser, idToken: string): Promise<{ sent: boolean }> {
    tokenEmail(auth);
    if ((await this.firebase.getUser(auth.uid)).emailVerified) return { sent: false };
    try {
      await this.emails.sendVerificationEmail(idToken);
    } catch (error) {
      this.logger.warn({ error: (error as Error).message, uid: auth.uid }, 'verification email not sent');
      throw new ServiceUnavailableException(RESEND_FAILED_MESSAGE);
    }
    return { sent: true };
  }

  private async toProfile(state: UserState): Promise<UserProfile> {
    return profileFromState(state, await this.users.findWithBalance(state.uid!));
  }
}
