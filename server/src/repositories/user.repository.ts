import { Inject, Injectable } from '@nestjs/common';
import type { DB } from '@playquid/read-db';
import type { Kysely, Selectable } from 'kysely';
import type { BalancesTable, UsersTable } from '@playquid/read-db';
import { READ_DB } from '../infra/tokens';

export type UserWithBalance = Selectable<UsersTable> &
  Pick<Selectable<BalancesTable>, 'total_earned_pence' | 'pending_pence' | 'completed_offers'> & { referral_count: number };

@Injectable()
export class UserRepository {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  async findRole(uid: string): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('role').where('uid', '=', uid).executeTakeFirst();
    return row?.role ?? null;
  }

  /** Role and ban in the guard's one lookup per request (undefined until a profile exists). */
  findAccess(uid: string): Promise<{ role: string; is_banned: boolean } | undefined> {
    return this.db.selectFrom('users').select(['role', 'is_banned']).where('uid', '=', uid).executeTakeFirst();
  }

  findWithBalance(uid: string): Promise<UserWithBalance | undefined> {
    return this.db
      .selectFrom('users')
      .leftJoin('balances', 'balances.uid', 'users.uid')
      .selectAll('users')
      .select((eb) => [
        eb.fn.coalesce('balances.total_earned_pence', eb.lit(0)).as('total_earned_pence'),
        eb.fn.coalesce('balances.pending_pence', eb.lit(0)).as('pending_pence'),
        eb.fn.coalesce('balances.completed_offers', eb.lit(0)).as('completed_offers'),
        eb
          .selectFrom('users as referred')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('referred.referred_by', '=', 'users.uid')
          .as('referral_count'),
      ])
      .where('users.uid', '=', uid)
      .executeTakeFirst() as Promise<UserWithBalance | undefined>;
  }
}
