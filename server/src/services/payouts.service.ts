import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type AdminPayout,
  type AdminPayoutsPage,
  PAYOUT_CANCEL_DEFAULT_REASON,
  type Payout,
  type PayoutActionData,
  type PayoutStatus,
  type PayoutsPage,
  payoutActions,
  penceToPounds,
  reversalReviewReason,
  type RewardDeliveryStatus,
} from '@playquid/contracts';
import type { PayoutRow } from '@playquid/read-db';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth.types';
import { type PayoutCommandInput, type PayoutCommandResult, RunPayoutCommand } from '../commands/payout-commands';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AdminPayoutsQueryDto, ApprovePayoutDto, PayoutsQueryDto, ProcessPayoutDto } from '../dtos/payouts.dto';
import { type AdminPayoutRow, PayoutRepository } from '../repositories/payout.repository';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const MEMBER_CANCEL_DEFAULT_REASON = 'Cancelled by member';

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    user_id: row.uid,
    amount: penceToPounds(row.amount_pence),
    amount_pence: row.amount_pence,
    status: row.status as PayoutStatus,
    method: 'tremendous_reward',
    transaction_id: row.transaction_reference,
    requested_at: iso(row.requested_at)!,
    processed_at: iso(row.processed_at),
    notes: row.notes,
    reason: row.reason,
    payment_details: { delivery_method: 'email', email: row.email, account_name: null, account_number: null, sort_code: null },
    reward: { status: row.reward_status as RewardDeliveryStatus, order_id: row.reward_order_id, detail: row.reward_detail },
    earning_count: row.earning_count,
  };
}

function toAdminPayout({ username, user_email, ...row }: AdminPayoutRow): AdminPayout {
  const payout = toPayout(row);
  const actions = payoutActions({ status: payout.status, rewardOrderPlaced: row.reward_order_placed, needsReview: row.needs_review });
  return {
    ...payout,
    user: { uid: row.uid, email: user_email, username },
    reward_order_placed: row.reward_order_placed,
    needs_review: actions.acknowledgementRequired,
    review_reversed_pence: row.review_reversed_pence,
    review_reason: row.review_reversed_pence > 0 ? reversalReviewReason(row.review_reversed_pence) : null,
    can_cancel: actions.cancel,
    can_reject: actions.reject,
  };
}

const actionData = (result: PayoutCommandResult): PayoutActionData => ({
  payout_id: result.payoutId,
  status: result.status,
  amount: penceToPounds(result.amountPence),
  amount_pence: result.amountPence,
});

const paging = (page: number, perPage: number, total: number) => ({ page, per_page: perPage, total, total_pages: Math.max(1, Math.ceil(total / perPage)) });

@Injectable()
export class PayoutsService {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly payouts: PayoutRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private run(input: PayoutCommandInput, actor: string): Promise<PayoutActionData> {
    return this.commandBus.execute<RunPayoutCommand, PayoutCommandResult>(new RunPayoutCommand(input, actor)).then(actionData);
  }

  /** Requests the whole available balance as a reward email to the member's sign-in address. */
  request(auth: AuthUser): Promise<PayoutActionData> {
    return this.run(
      {
        type: 'RequestPayout',
        uid: auth.uid,
        payoutId: randomUUID(),
        email: auth.email ?? '',
        method: 'tremendous_reward',
        minPayoutPence: this.config.minPayoutPence,
      },
      auth.uid,
    );
  }

  cancelByMember(auth: AuthUser, payoutId: string, reason: string | undefined): Promise<PayoutActionData> {
    return this.run(
      { type: 'CancelPayout', uid: auth.uid, payoutId, actor: auth.uid, byAdmin: false, reason: reason ?? MEMBER_CANCEL_DEFAULT_REASON },
      auth.uid,
    );
  }

  async memberPage(uid: string, query: PayoutsQueryDto): Promise<Omit<PayoutsPage, 'success' | 'message'>> {
    const { rows, total } = await this.payouts.pageForMember(uid, query.per_page, (query.page - 1) * query.per_page);
    return { data: rows.map(toPayout), ...paging(query.page, query.per_page, total) };
  }

  async adminPage(query: AdminPayoutsQueryDto): Promise<Omit<AdminPayoutsPage, 'success' | 'message'>> {
    const { rows, total } = await this.payouts.pageForAdmin(query.status_filter, query.per_page, (query.page - 1) * query.per_page);
    return { data: rows.map(toAdminPayout), ...paging(query.page, query.per_page, total) };
  }

  async approve(admin: AuthUser, payoutId: string, dto: ApprovePayoutDto) {
    const uid = await this.owner(payoutId);
    return this.run(
      { type: 'ApprovePayout', uid, payoutId, adminEmail: adminName(admin), notes: dto.notes ?? null, acknowledgeReversal: dto.acknowledge_reversal === true },
      admin.uid,
    );
  }

  async reject(admin: AuthUser, payoutId: string, reason: string) {
    const uid = await this.owner(payoutId);
    return this.run({ type: 'RejectPayout', uid, payoutId, adminEmail: adminName(admin), reason }, admin.uid);
  }

  async process(admin: AuthUser, payoutId: string, dto: ProcessPayoutDto) {
    const uid = await this.owner(payoutId);
    return this.run(
      {
        type: 'ProcessPayout',
        uid,
        payoutId,
        adminEmail: adminName(admin),
        transactionReference: dto.transaction_id,
        notes: dto.notes ?? null,
        acknowledgeReversal: dto.acknowledge_reversal === true,
      },
      admin.uid,
    );
  }

  async cancelByAdmin(admin: AuthUser, payoutId: string, reason: string | undefined) {
    const uid = await this.owner(payoutId);
    return this.run(
      { type: 'CancelPayout', uid, payoutId, actor: adminName(admin), byAdmin: true, reason: reason ?? PAYOUT_CANCEL_DEFAULT_REASON },
      admin.uid,
    );
  }

  private async owner(payoutId: string): Promise<string> {
    const uid = await this.payouts.ownerOf(payoutId);
    if (!uid) throw new NotFoundException('Payout not found');
    return uid;
  }
}

const adminName = (admin: AuthUser) => admin.email ?? admin.uid;
