import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type AdminPayoutsPage, PAYOUT_CANCEL_DEFAULT_REASON, type PayoutActionData, type PayoutsPage } from '@playquid/contracts';
import { pageOffset, paging } from '@playquid/domain';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth.types';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type PayoutCommandInput, type PayoutCommandResult, RunPayoutCommand } from './payout.commands';
import { actionData, toAdminPayout, toPayout } from './payout.mapper';
import { PayoutRepository } from './payout.repository';
import type { AdminPayoutsQueryDto, ApprovePayoutDto, PayoutsQueryDto, ProcessPayoutDto } from './payouts.dto';

const MEMBER_CANCEL_DEFAULT_REASON = 'Cancelled by member';

/**
 * The payout calls: each decision becomes a RunPayoutCommand on the member's wallet stream (admin
 * decisions find that member through the read table first); the lists come from the read table.
 */
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
    const { rows, total } = await this.payouts.pageForMember(uid, query.per_page, pageOffset(query.page, query.per_page));
    return { data: rows.map(toPayout), ...paging(query.page, query.per_page, total) };
  }

  async adminPage(query: AdminPayoutsQueryDto): Promise<Omit<AdminPayoutsPage, 'success' | 'message'>> {
    const { rows, total, estimated } = await this.payouts.pageForAdmin(query.status_filter, query.per_page, pageOffset(query.page, query.per_page));
    return { data: rows.map(toAdminPayout), ...paging(query.page, query.per_page, total), total_estimated: estimated };
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

  /** After a failed delivery: a new reward order, to the same email or a corrected one. */
  async resend(admin: AuthUser, payoutId: string, email: string | undefined) {
    const uid = await this.owner(payoutId);
    return this.run({ type: 'ResendReward', uid, payoutId, email: email ?? null, adminEmail: adminName(admin) }, admin.uid);
  }

  /** After a failed delivery: the reserved money goes back to the member's balance. */
  async returnToBalance(admin: AuthUser, payoutId: string, reason: string) {
    const uid = await this.owner(payoutId);
    return this.run({ type: 'ReturnPayout', uid, payoutId, adminEmail: adminName(admin), reason }, admin.uid);
  }

  private async owner(payoutId: string): Promise<string> {
    const uid = await this.payouts.ownerOf(payoutId);
    if (!uid) throw new NotFoundException('Payout not found');
    return uid;
  }
}

const adminName = (admin: AuthUser) => admin.email ?? admin.uid;
