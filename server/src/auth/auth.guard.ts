import { type CanActivate, type ExecutionContext, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACCOUNT_CLOSED_MESSAGE, ACCOUNT_SUSPENDED_MESSAGE } from '@playquid/contracts';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { FIREBASE_AUTH } from '../infra/tokens';
import { MemberAccessRepository } from './member-access.repository';
import { VerifiedTokens } from './verified-tokens';
import { AUTH_OPTIONS, type AuthOptions, type AuthUser, isAdminRole } from './auth.types';

export const VERIFY_EMAIL_MESSAGE = 'Please verify your email to access all features and receive payouts.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended; please sign in again';

/**
 * Verifies the Firebase ID token of every @Auth() route: 401 when missing, malformed, expired or
 * (where checked) revoked by a logout; 403 when the route needs a verified email or the admin role
 * and the caller lacks it; 403 with ACCOUNT_SUSPENDED_MESSAGE for a banned member and
 * ACCOUNT_CLOSED_MESSAGE for a closed account on every route, GETs included (public routes with
 * optional auth treat them as a visitor).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(FIREBASE_AUTH) private readonly firebase: Auth,
    private readonly members: MemberAccessRepository,
    private readonly verified: VerifiedTokens,
  ) {}

  /**
   * Whether the (refused) token's account is closed: the uid is read from the unverified payload
   * only to word the refusal, never to let anything through.
   */
  private async closedAccount(token: string): Promise<boolean> {
    try {
      const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { user_id?: unknown; sub?: unknown };
      const uid = typeof payload.user_id === 'string' ? payload.user_id : typeof payload.sub === 'string' ? payload.sub : null;
      return uid !== null && (await this.members.findAccess(uid))?.closed === true;
    } catch {
      return false;
    }
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const options = this.reflector.getAllAndOverride<AuthOptions | undefined>(AUTH_OPTIONS, [context.getHandler(), context.getClass()]);
    if (!options) return true;
    const request = context.switchToHttp().getRequest<{ method: string; headers: Record<string, string | undefined>; user?: AuthUser }>();
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) {
      if (options.optional && !header) return true;
      throw new UnauthorizedException('Missing bearer token');
    }

    // A logout revokes the refresh tokens, but an ID token stays signed until it expires (1 h): on
    // every admin route (reads show members' data) and every write, ask Firebase whether it was
    // issued before that.
    const checkRevoked = options.checkRevoked === true || options.admin === true || request.method !== 'GET';
    let decoded;
    try {
      decoded = await this.verify(match[1], checkRevoked);
    } catch (error) {
      const code = (error as { code?: string }).code;
      this.verified.forget(match[1]);
      // A ban or a closure disables an account, so the member is told which rather than asked to sign in again.
      if (code === 'auth/user-disabled') {
        if (options.optional) return true;
        throw new ForbiddenException((await this.closedAccount(match[1])) ? ACCOUNT_CLOSED_MESSAGE : ACCOUNT_SUSPENDED_MESSAGE);
      }
      if (code === 'auth/id-token-revoked') throw new UnauthorizedException(SESSION_ENDED_MESSAGE);
      throw new UnauthorizedException('Invalid or expired token');
    }
    if (this.verified.sessionEnded(match[1], decoded)) {
      this.verified.forget(match[1]);
      throw new UnauthorizedException(SESSION_ENDED_MESSAGE);
    }
    // The read model, not Firebase: an ID token of a disabled account stays valid for up to an hour
    // where revocation is not checked, and the ban must hold at once.
    const access = await this.members.findAccess(decoded.uid);
    // A closed account is refused on every route, reads included: a token issued before the closure
    // stays signed for up to an hour, and only writes and admin routes ask Firebase.
    if (access?.closed) {
      if (options.optional) return true;
      throw new ForbiddenException(ACCOUNT_CLOSED_MESSAGE);
    }
    if (access?.is_banned) {
      if (options.optional) return true;
      throw new ForbiddenException(ACCOUNT_SUSPENDED_MESSAGE);
    }
    const role = access?.role ?? null;
    const user: AuthUser = {
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified === true,
      role: isAdminRole(role) ? 'ADMIN' : 'USER',
      isAdmin: isAdminRole(role),
    };
    if (options.admin && !user.isAdmin) throw new ForbiddenException('Admin access required');
    if (options.verified && !user.emailVerified && !user.isAdmin) throw new ForbiddenException(VERIFY_EMAIL_MESSAGE);
    request.user = user;
    return true;
  }

  /**
   * A token verified before is trusted until it expires, as Firebase's own local verification would
   * (the emulator's SDK asks the emulator every time); where revocation matters, Firebase is asked.
   */
  private async verify(token: string, checkRevoked: boolean): Promise<DecodedIdToken> {
    const known = this.verified.get(token);
    if (known && !checkRevoked) return known;
    const decoded = await this.firebase.verifyIdToken(token, checkRevoked);
    this.verified.remember(token, decoded);
    return decoded;
  }
}
