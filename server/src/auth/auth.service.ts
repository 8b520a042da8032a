import { ForbiddenException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { UserProfile } from '@playquid/contracts';
import type { UserState } from '@playquid/domain';
import type { Auth } from 'firebase-admin/auth';
import { FIREBASE_AUTH } from '../infra/tokens';
import { ProfileService } from '../users/profile.service';
import { MarkEmailVerifiedCommand, RecordSignInCommand } from '../users/user.commands';
import type { RegisterDto } from './auth.dto';
import type { AuthUser } from './auth.types';
import { FirebaseEmailClient } from './firebase-email.client';
import { VerifiedTokens } from './verified-tokens';
import { RegisterMemberCommand, type RegisterMemberResult } from './register-member.command';

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
    private readonly profiles: ProfileService,
    @Inject(FIREBASE_AUTH) private readonly firebase: Auth,
    private readonly emails: FirebaseEmailClient,
    private readonly verifiedTokens: VerifiedTokens,
  ) {}

  async register(auth: AuthUser, dto: RegisterDto): Promise<{ created: boolean; user: UserProfile }> {
    const email = tokenEmail(auth);
    const result: RegisterMemberResult = await this.commandBus.execute(
      new RegisterMemberCommand(auth.uid, email, dto.username || emailPrefix(email), dto.gender ?? null, dto.referred_by?.trim() || null, auth.emailVerified),
    );
    let state = result.state;
    if (auth.emailVerified && !state.emailVerified) state = await this.commandBus.execute(new MarkEmailVerifiedCommand(auth.uid));
    return { created: result.created, user: await this.profiles.ofState(state) };
  }

  /** Called on every sign-in of the client: makes sure a profile exists and records the login. */
  async verifyToken(auth: AuthUser): Promise<UserProfile> {
    const email = tokenEmail(auth);
    await this.commandBus.execute(new RegisterMemberCommand(auth.uid, email, emailPrefix(email), null, null, auth.emailVerified));
    let state: UserState = await this.commandBus.execute(new RecordSignInCommand(auth.uid));
    if (auth.emailVerified && !state.emailVerified) state = await this.commandBus.execute(new MarkEmailVerifiedCommand(auth.uid));
    return this.profiles.ofState(state);
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
    return this.profiles.ofState(state);
  }

  /** Ends every session of the member: ID tokens issued before now are refused where revocation is checked. */
  async logout(uid: string, idToken: string): Promise<void> {
    await this.firebase.revokeRefreshTokens(uid);
    this.verifiedTokens.endSessions(uid, idToken);
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
}
