import { Injectable } from '@nestjs/common';
import { type AdminEarningsPage, type Earning, type EarningsPage, type EarningStatusFilter, penceToPounds } from '@playquid/contracts';
import { pageOffset, paging } from '@playquid/domain';
import type { EarningRow } from '@playquid/read-db';
import { EarningRepository } from './earning.repository';
import type { AdminEarningsQueryDto, EarningsQueryDto } from './earnings.dto';

export function toEarning(row: EarningRow): Earning {
  return {
    id: row.id,
    amount: penceToPounds(row.amount_pence),
    amount_pence: row.amount_pence,
    status: row.status as EarningStatusFilter,
    created_at: new Date(row.created_at).toISOString(),
    display_title: row.offer_name ?? (row.is_bonus ? 'Welcome Bonus' : 'Gaming challenge'),
    has_icon: false,
    offer: { id: row.offer_id, name: row.offer_name, icon_url: null, description: null },
    task: { id: row.task_id, name: row.task_name, transaction_id: row.transaction_id },
    is_bonus: row.is_bonus,
    payout_id: row.payout_id,
  };
}

@Injectable()
export class EarningsService {
  constructor(private readonly earnings: EarningRepository) {}

  async page(uid: string, query: EarningsQueryDto): Promise<Omit<EarningsPage, 'success' | 'message'>> {
    const filter = { status: query.status, availableForPayout: query.available_for_payout };
    const { rows, summary } = await this.earnings.pageWithSummary(uid, filter, query.per_page, pageOffset(query.page, query.per_page));
    return {
      data: rows.map(toEarning),
      ...paging(query.page, query.per_page, summary.count),
      summary: {
        totalAmount: penceToPounds(summary.total),
        totalCount: summary.count,
        approvedAmount: penceToPounds(summary.approved),
        pendingAmount: penceToPounds(summary.pending),
        total_pence: summary.total,
        approved_pence: summary.approved,
        pending_pence: summary.pending,
      },
    };
  }

  async adminPage(query: AdminEarningsQueryDto): Promise<Omit<AdminEarningsPage, 'success' | 'message'>> {
    const { rows, total, estimated } = await this.earnings.adminPage(
      { status: query.status, uid: query.user_id },
      query.per_page,
      pageOffset(query.page, query.per_page),
    );
    return {
      data: rows.map(({ username, user_email, ...row }) => ({ ...toEarning(row), user: { uid: row.uid, email: user_email, username } })),
      ...paging(query.page, query.per_page, total),
      total_estimated: estimated,
    };
  }

  async recent(uid: string, limit: number): Promise<Earning[]> {
    return (await this.earnings.page(uid, {}, limit, 0)).map(toEarning);
  }
}
