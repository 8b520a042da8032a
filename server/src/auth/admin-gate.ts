import { Inject, Injectable } from '@nestjs/common';
import type { Auth } from 'firebase-admin/auth';
import { FIREBASE_AUTH } from '../infra/tokens';
import { isAdminRole } from './auth.types';
import { MemberAccessRepository } from './member-access.repository';
import { VerifiedTokens } from './verified-tokens';

export interface Refusal {
  status: 401 | 403;
  message: string;
}

/**
 * The admin guard's decision for routes that Nest's guards do not reach (plugins mounted straight
 * on Fastify, such as Bull Board): a verified Firebase token of an admin who is not banned.
 * Writes check the token was not revoked by a logout, as the guard does for admin writes.
 */
@Injectable()
export class AdminGate {
  constructor(
    @Inject(FIREBASE_AUTH) private readonly firebase: Auth,
    private readonly members: MemberAccessRepository,
    private readonly verified: VerifiedTokens,
  ) {}

  async refusal(authorization: string | undefined, method: string): Promise<Refusal | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) return { status: 401, message: 'Missing bearer token' };
    const checkRevoked = method !== 'GET' && method !== 'HEAD';
    let uid: string;
    try {
      const known = checkRevoked ? undefined : this.verified.get(match[1]);
      const decoded = known ?? (await this.firebase.verifyIdToken(match[1], checkRevoked));
      this.verified.remember(match[1], decoded);
      uid = decoded.uid;
    } catch {
      this.verified.forget(match[1]);
      return { status: 401, message: 'Invalid or expired token' };
    }
    const access = await this.members.findAccess(uid);
    if (!access || access.is_banned || access.closed || !isAdminRole(access.role)) return { status: 403, message: 'Admin access required' };
    return null;
  }
}
