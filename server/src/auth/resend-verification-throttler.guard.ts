import type { ExecutionContext } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { ThrottlerException, ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerRequest } from '@nestjs/throttler';
import type { AuthUser } from './auth.types';

/** Verification emails a member may ask for per window: enough for a lost email, too few to spam anyone. */
export const RESEND_VERIFICATION_LIMIT = 3;
export const RESEND_VERIFICATION_WINDOW_MS = 10 * 60_000;

export function resendVerificationThrottleMessage(secondsLeft: number): string {
  const minutes = Math.ceil(secondsLeft / 60);
  const wait = secondsLeft < 60 ? `${secondsLeft} second${secondsLeft === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return (
    `You can request ${RESEND_VERIFICATION_LIMIT} verification emails every ${RESEND_VERIFICATION_WINDOW_MS / 60_000} minutes. ` +
    `Please check your inbox and spam folder, or try again in ${wait}.`
  );
}

/**
 * Counts resend requests per member, not per address (members behind one NAT do not share a
 * limit). Runs after the auth guard (`@UseGuards` above `@Auth()`), which put the member on the request.
 */
@Injectable()
export class ResendVerificationThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    const user = request.user as AuthUser | undefined;
    return user ? `uid:${user.uid}` : `ip:${String(request.ip)}`;
  }

  protected override handleRequest(request: ThrottlerRequest): Promise<boolean> {
    return super.handleRequest({
      ...request,
      limit: RESEND_VERIFICATION_LIMIT,
      ttl: RESEND_VERIFICATION_WINDOW_MS,
      blockDuration: RESEND_VERIFICATION_WINDOW_MS,
    });
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw new ThrottlerException(resendVerificationThrottleMessage(Math.max(1, Math.ceil(detail.timeToBlockExpire))));
  }
}
