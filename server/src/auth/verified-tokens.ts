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

  /** A member's tokens are verified again on their next call (a ban holds at once, whatever the read model says yet). */
  forgetMember(uid: string): void {
    for (const [token, decoded] of this.tokens) if (decoded.uid === uid) this.tokens.delete(token);
  }
}
