import { Injectable } from '@nestjs/common';
import type { DecodedIdToken } from 'firebase-admin/auth';

/** ID tokens kept verified at once (the most recently verified). */
const VERIFIED_TOKENS = 10_000;

/**
 * ID tokens already verified, by their text, shared by the AuthGuard of every module: a token's
 * signature and claims never change before it expires.
 */
@Injectable()
export class VerifiedTokens {
  private readonly tokens = new Map<string, DecodedIdToken>();
  /** Members who logged out through this process: tokens issued before then (auth_time/iat, in seconds) are refused. */
  private readonly sessionsEndedAt = new Map<string, number>();

  /** The decoded token while it is still valid. */
  get(token: string): DecodedIdToken | undefined {
    const known = this.tokens.get(token);
    return known && known.exp * 1000 > Date.now() ? known : undefined;
  }

  remember(token: string, decoded: DecodedIdToken): void {
    this.tokens.delete(token);
    this.tokens.set(token, decoded);
    if (this.tokens.size > VERIFIED_TOKENS) this.tokens.delete(this.tokens.keys().next().value!);
  }

  forget(token: string): void {
    this.tokens.delete(token);
  }

  /**
   * A logout: the member's cached tokens are dropped and any token issued before now is refused at
   * once by this process (Firebase's revocation check refuses them everywhere on admin routes and writes).
   */
  endSessions(uid: string, nowSeconds = Math.floor(Date.now() / 1000)): void {
    this.forgetMember(uid);
    this.sessionsEndedAt.delete(uid);
    this.sessionsEndedAt.set(uid, nowSeconds);
    if (this.sessionsEndedAt.size > VERIFIED_TOKENS) this.sessionsEndedAt.delete(this.sessionsEndedAt.keys().next().value!);
  }

  /** Whether the token was issued before its member logged out (a sign-in after the logout issues a newer one). */
  sessionEnded(decoded: Pick<DecodedIdToken, 'uid' | 'iat'>): boolean {
    const endedAt = this.sessionsEndedAt.get(decoded.uid);
    return endedAt !== undefined && decoded.iat < endedAt;
  }

  /** A member's tokens are verified again on their next call (a ban holds at once, whatever the read model says yet). */
  forgetMember(uid: string): void {
    for (const [token, decoded] of this.tokens) if (decoded.uid === uid) this.tokens.delete(token);
  }
}
