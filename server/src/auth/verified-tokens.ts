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
  /** Tokens a logout in this process ended (the caller's own and each one kept for that member), with their expiry. */
  private readonly endedTokens = new Map<string, number>();
  /** Members who logged out through this process: tokens issued in an earlier second are refused. */
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
   * A logout: the caller's token and every token kept for the member are refused from now on by
   * this process, and any token issued in an earlier second (token times are whole seconds, so a
   * sign-in right after the logout still works). Firebase's revocation check refuses them on every
   * replica for admin routes and writes.
   */
  endSessions(uid: string, callerToken?: string, nowSeconds = Math.floor(Date.now() / 1000)): void {
    const ended = [...this.tokens].filter(([, decoded]) => decoded.uid === uid);
    for (const [token, decoded] of ended) this.end(token, decoded.exp);
    if (callerToken) this.end(callerToken, nowSeconds + 3_600);
    this.forgetMember(uid);
    this.sessionsEndedAt.delete(uid);
    this.sessionsEndedAt.set(uid, nowSeconds);
    if (this.sessionsEndedAt.size > VERIFIED_TOKENS) this.sessionsEndedAt.delete(this.sessionsEndedAt.keys().next().value!);
  }

  /** Whether a logout ended this token: it was in use then, or was issued in an earlier second. */
  sessionEnded(token: string, decoded: Pick<DecodedIdToken, 'uid' | 'iat'>): boolean {
    const expires = this.endedTokens.get(token);
    if (expires !== undefined && expires * 1000 > Date.now()) return true;
    const endedAt = this.sessionsEndedAt.get(decoded.uid);
    return endedAt !== undefined && decoded.iat < endedAt;
  }

  private end(token: string, expiresAt: number): void {
    this.endedTokens.delete(token);
    this.endedTokens.set(token, expiresAt);
    if (this.endedTokens.size > VERIFIED_TOKENS) this.endedTokens.delete(this.endedTokens.keys().next().value!);
  }

  /** A member's tokens are verified again on their next call (a ban holds at once, whatever the read model says yet). */
  forgetMember(uid: string): void {
    for (const [token, decoded] of this.tokens) if (decoded.uid === uid) this.tokens.delete(token);
  }
}
