import { Injectable } from '@nestjs/common';
import { type ProgressItem, type ProgressPage, type ProgressStatus, penceToPounds, type UserStats } from '@playquid/contracts';
import { memberSuccessRate, pageOffset, paging } from '@playquid/domain';
import { PayoutRepository } from '../payouts/payout.repository';
import { EarningRepository, type OfferProgressRow } from '../wallet/earning.repository';
import { WalletRepository } from '../wallet/wallet.repository';
import { UserRepository } from './user.repository';
import type { ProgressQueryDto } from './users.dto';

function progressOf(row: OfferProgressRow): ProgressItem {
  // completed: every credited task confirmed; in_progress: some still pending, or started with no
  // credit yet (no tasks); failed: all reversed.
  const status: ProgressStatus = row.tasks === 0 || row.pending > 0 ? 'in_progress' : row.completed > 0 ? 'completed' : 'failed';
  return {
    id: `${row.offer_id}`,
    offer_id: row.offer_id,
    offer_title: row.offer_name ?? `Offer ${row.offer_id}`,
    status,
    started_at: new Date(row.started_at).toISOString(),
    completed_at: row.completed_at === null ? null : new Date(row.completed_at).toISOString(),
    progress_percentage: row.tasks === 0 ? 0 : Math.round((row.completed * 100) / row.tasks),
  };
}

@Injectable()
export class MemberStatsService {
  constructor(
    private readonly earnings: EarningRepository,
    private readonly payouts: PayoutRepository,
    private readonly users: UserRepository,
    private readonly wallet: WalletRepository,
  ) {}

  async stats(uid: string): Promise<UserStats> {
    const [balance, payouts, totals, profile] = await Promise.all([
      this.wallet.balance(uid),
      this.payouts.totalsForMember(uid),
      this.wallet.earningTotals(uid),
      this.users.find(uid),
    ]);
    const completed = balance?.completed_offers ?? 0;
    const totalEarned = balance?.total_earned_pence ?? 0;
    return {
      total_earned: penceToPounds(totalEarned),
      total_earned_pence: totalEarned,
      available_pence: balance?.available_pence ?? 0,
      pending_pence: balance?.pending_pence ?? 0,
      completed_offers: completed,
      total_transactions: balance?.total_transactions ?? 0,
      total_payouts: payouts.count,
      total_paid_out_pence: payouts.paidOutPence,
      referral_count: profile?.referral_count ?? 0,
      referral_earnings_pence: totals.referralPence,
      success_rate: memberSuccessRate(completed),
      average_per_offer_pence: completed === 0 ? 0 : Math.round(totalEarned / completed),
    };
  }

  async progress(uid: string, query: ProgressQueryDto): Promise<Omit<ProgressPage, 'success' | 'message'>> {
    const { rows, total } = await this.earnings.offerProgress(uid, query.per_page, pageOffset(query.page, query.per_page));
    return { data: rows.map(progressOf), ...paging(query.page, query.per_page, total) };
  }
}
