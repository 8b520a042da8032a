import { Inject, Injectable } from '@nestjs/common';
import { closedEmail } from '@playquid/contracts';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { MemberRowCache } from '../infra/member-row-cache';
import { READ_DB } from '../infra/tokens';

/** What the AuthGuard needs of the users read table. */
@Injectable()
export class MemberAccessRepository {
  constructor(
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    private readonly cache: MemberRowCache,
  ) {}

  /**
   * Role, ban and closure, looked up by the guard on every request (undefined until a profile
   * exists); kept until the row changes. A closed account's row carries the placeholder email
   * closedEmail(uid) (the users projection on AccountClosed), which is how `closed` is read.
   */
  async findAccess(uid: string): Promise<{ role: string; is_banned: boolean; closed: boolean } | undefined> {
    const row = await this.cache.get(uid, 'access', () =>
      this.db.selectFrom('users').select(['role', 'is_banned', 'email']).where('uid', '=', uid).executeTakeFirst(),
    );
    return row && { role: row.role, is_banned: row.is_banned, closed: row.email === closedEmail(uid) };
  }
}
