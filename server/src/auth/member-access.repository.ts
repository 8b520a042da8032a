import { Inject, Injectable } from '@nestjs/common';
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

  /** Role and ban, looked up by the guard on every request (undefined until a profile exists); kept until the row changes. */
  findAccess(uid: string): Promise<{ role: string; is_banned: boolean } | undefined> {
    return this.cache.get(uid, 'access', () =>
      this.db.selectFrom('users').select(['role', 'is_banned']).where('uid', '=', uid).executeTakeFirst(),
    );
  }
}
