import { Injectable } from '@nestjs/common';
import { type Balance, penceToPounds } from '@playquid/contracts';
import { BalanceRepository } from '../repositories/balance.repository';

@Injectable()
export class BalanceService {
  constructor(private readonly balances: BalanceRepository) {}

  async balance(uid: string): Promise<Balance> {
    const row = await this.balances.find(uid);
    const available = row?.available_pence ?? 0;
    const pending = row?.pending_pence ?? 0;
    return {
      available_amount: penceToPounds(available),
      completed_amount: penceToPounds(available),
      pending_amount: penceToPounds(pending),
      total_amount: penceToPounds(available + pending),
      available_pence: available,
      pending_pence: pending,
      total_pence: available + pending,
      total_transactions: row?.total_transactions ?? 0,
      pending_transactions: row?.pending_transactions ?? 0,
      currency: 'GBP',
    };
  }
}
