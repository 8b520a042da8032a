import { Inject, Injectable } from '@nestjs/common';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { READ_DB } from '../infra/tokens';

/** The Tremendous side of the payouts read table: which payout a reward belongs to. */
@Injectable()
export class PayoutRewardRepository {
  constructor(@Inject(READ_DB) private readonly db: Kysely<DB>) {}

  findByRewardId(rewardId: string): Promise<{ id: string; uid: string } | undefined> {
    return this.db.selectFrom('payouts').select(['id', 'uid']).where('reward_id', '=', rewardId).executeTakeFirst();
  }
}
