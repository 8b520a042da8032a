import { Inject, Injectable } from '@nestjs/common';
import type { BalanceRow, DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { READ_DB } from '../infra/tokens';

@Injectable()
export class BalanceRepository {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  find(uid: string): Promise<BalanceRow | undefined> {
    return this.db.selectFrom('balances').selectAll().where('uid', '=', uid).executeTakeFirst();
  }
}
