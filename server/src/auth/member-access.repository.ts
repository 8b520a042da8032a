import { Inject, Injectable } from '@nestjs/common';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { READ_DB } from '../infra/tokens';

/** What the AuthGuard needs of the users read table. */
@Injectable()
export class MemberAccessRepository {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  /** Role and ban in the guard's one lookup per request (undefined until a profile exists). */
  findAccess(uid: string): Promise<{ role: string; is_banned: boolean } | undefined> {
    return this.db.selectFrom('users').select(['role', 'is_banned']).where('uid', '=', uid).executeTakeFirst();
  }
}
