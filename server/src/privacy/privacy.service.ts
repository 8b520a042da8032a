import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type ClosurePreview,
  type DataExport,
  type PrivacyRequestKind,
  type PrivacyRequestView,
  RETENTION,
  streams,
} from '@playquid/contracts';
import { closureBalance, DomainError, walletDecider } from '@playquid/domain';
import type { DB } from '@playquid/read-db';
import type { Kysely, Selectable } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth.types';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../cqrs/clock';
import { aggregateStream } from '../cqrs/command-handler';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { READ_DB } from '../infra/tokens';
import { CloseAccountCommand, type CloseAccountResult } from './close-account.command';

const DAY_MS = 86_400_000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const RETENTION_STATEMENTS = [
  'Your username, the IP addresses and partner parameters of your offers, and your marketing choices are erased at once.',
  `Your email and your payments (who was paid what, and where) are kept for ${RETENTION.financialRecordsYears} years, as UK financial record-keeping requires, then erased.`,
  'Amounts and dates stay in the ledger without your identity, so the accounts still balance.',
];

/** The privacy desk: data export, account closure, and privacy requests with their 30-day clock. */
@Injectable()
export class PrivacyService {
  constructor(
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
    private readonly clock: Clock,
  ) {}

  async closurePreview(uid: string): Promise<ClosurePreview> {
    const { state } = await aggregateStream(this.store, streams.wallet(uid), walletDecider);
    const balance = closureBalance(state, this.config.minPayoutPence);
    return {
      available_pence: state.availablePence,
      withdrawable_pence: balance.withdrawablePence,
      forfeit_pence: balance.forfeitPence,
      pending_pence: balance.pendingPence,
      open_payouts: balance.openPayouts,
      blocker: balance.blocker,
      retention: RETENTION_STATEMENTS,
    };
  }

  /** The member closes their own account (recorded as a completed closure request). */
  async closeOwn(user: AuthUser, confirmForfeit: boolean): Promise<CloseAccountResult> {
    const result: CloseAccountResult = await this.commandBus.execute(
      new CloseAccountCommand(user.uid, { uid: user.uid, name: user.uid, isAdmin: false }, confirmForfeit, null),
    );
    await this.recordCompleted(user.uid, 'closure', null);
    return result;
  }

  /** Everything held about one member, from the read model and their user stream; nothing of anyone else. */
  async dataExport(uid: string): Promise<DataExport> {
    const user = await this.db
      .selectFrom('users')
      .select(['uid', 'email', 'username', 'gender', 'role', 'is_verified', 'created_at', 'last_login', 'is_banned'])
      .where('uid', '=', uid)
      .executeTakeFirst();
    if (!user) throw new DomainError('User not found', 'not_found');
    const [earnings, payouts, callbacks, offerStarts, claims, statement, userStream, balance] = await Promise.all([
      this.db
        .selectFrom('earnings')
        .select(['id', 'amount_pence', 'status', 'kind', 'offer_id', 'offer_name', 'task_name', 'transaction_id', 'payout_id', 'created_at', 'updated_at'])
        .where('uid', '=', uid)
        .orderBy('created_at')
        .execute(),
      this.db
        .selectFrom('payouts')
        .select(['id', 'amount_pence', 'status', 'method', 'delivery_method', 'email', 'reward_status', 'reason', 'requested_at', 'processed_at'])
        .where('uid', '=', uid)
        .orderBy('requested_at')
        .execute(),
      this.db
        .selectFrom('callbacks')
        .select(['id', 'accepted', 'transaction_id', 'offer_id', 'offer_name', 'task_name', 'reward_pence', 'offer_state', 'source_ip', 'raw_parameters', 'created_at'])
        .where('user_id', '=', uid)
        .orderBy('created_at')
        .execute(),
      this.db
        .selectFrom('offer_starts')
        .select(['offer_id', 'offer_title', 'first_started_at', 'last_started_at', 'start_count'])
        .where('uid', '=', uid)
        .execute(),
      this.db
        .selectFrom('claims')
        .select(['id', 'offer_id', 'offer_title', 'task_name', 'reward_pence', 'status', 'note', 'evidence', 'opened_at', 'decided_at', 'decision_reason', 'earning_id'])
        .where('uid', '=', uid)
        .orderBy('opened_at')
        .execute(),
      this.db
        .selectFrom('statement_entries')
        .select(['at', 'kind', 'reason', 'available_change_pence', 'pending_change_pence', 'available_balance_pence', 'pending_balance_pence'])
        .where('uid', '=', uid)
        .orderBy('revision')
        .execute(),
      this.store.readStream(streams.user(uid)),
      this.db.selectFrom('balances').select(['available_pence', 'pending_pence', 'total_earned_pence', 'paid_out_pence']).where('uid', '=', uid).executeTakeFirst(),
    ]);
    await this.recordCompleted(uid, 'export', null);
    return {
      exported_at: this.clock.nowIso(),
      profile: { ...user, created_at: iso(user.created_at), last_login: iso(user.last_login), balance: balance ?? null },
      consents: {
        terms_and_privacy: { accepted_at: iso(user.created_at), how: 'by creating the account' },
        marketing: 'none recorded: PlayQuid sends no marketing email',
        analytics_cookies: 'kept in your browser only (the cookie banner); the server holds no copy',
      },
      sign_ins: userStream.filter((e) => e.type === 'UserSignedIn').map((e) => String((e.data as { signedInAt: string }).signedInAt)),
      earnings: earnings.map((e) => ({ ...e, created_at: iso(e.created_at), updated_at: iso(e.updated_at) })),
      payouts: payouts.map((p) => ({ ...p, requested_at: iso(p.requested_at), processed_at: iso(p.processed_at) })),
      callbacks: callbacks.map((c) => ({ ...c, created_at: iso(c.created_at) })),
      offer_starts: offerStarts.map((o) => ({ ...o, first_started_at: iso(o.first_started_at), last_started_at: iso(o.last_started_at) })),
      claims: claims.map((c) => ({ ...c, opened_at: iso(c.opened_at), decided_at: iso(c.decided_at) })),
      statement: statement.map((s) => ({ ...s, at: iso(s.at) })),
      retention: {
        financial_records: `${RETENTION.financialRecordsYears} years after the account closes`,
        marketing_choices: `${RETENTION.marketingConsentYears} years`,
        technical_logs: `${RETENTION.technicalLogsDays} days`,
        privacy_requests_answered_within: `${RETENTION.privacyRequestDays} days`,
      },
    };
  }

  // ------------------------------------------------------------------ privacy requests (admin)

  async requests(): Promise<PrivacyRequestView[]> {
    const rows = await this.db.selectFrom('privacy_requests').selectAll().orderBy('status', 'desc').orderBy('received_at').limit(200).execute();
    return rows.map((row) => this.view(row));
  }

  /** A written request (email, letter) an admin records: who recorded it and what it says. */
  async recordWritten(admin: AuthUser, uid: string, kind: PrivacyRequestKind, reason: string): Promise<PrivacyRequestView> {
    if (admin.uid === uid) throw new DomainError('An admin cannot act on a privacy request for their own account', 'forbidden');
    const member = await this.db.selectFrom('users').select('uid').where('uid', '=', uid).executeTakeFirst();
    if (!member) throw new DomainError('User not found', 'not_found');
    const now = this.clock.now();
    const row = {
      id: randomUUID(),
      uid,
      kind,
      channel: 'written',
      status: 'open',
      received_at: now,
      due_at: new Date(now.getTime() + RETENTION.privacyRequestDays * DAY_MS),
      completed_at: null,
      handled_by: admin.email ?? admin.uid,
      reason,
    };
    await this.db.insertInto('privacy_requests').values(row).execute();
    return this.view({ ...row, completed_at: null });
  }

  /**
   * Acts on a recorded written request: an export is produced for the admin to send; a closure or
   * erasure closes the account (erasure of everything no law requires us to keep, as closure does).
   */
  async act(admin: AuthUser, id: string, confirmForfeit: boolean): Promise<{ request: PrivacyRequestView; export?: DataExport }> {
    const request = await this.db.selectFrom('privacy_requests').selectAll().where('id', '=', id).executeTakeFirst();
    if (!request) throw new DomainError('Privacy request not found', 'not_found');
    if (request.uid === admin.uid) throw new DomainError('An admin cannot act on a privacy request for their own account', 'forbidden');
    if (request.status === 'completed') throw new DomainError('This request has already been completed', 'conflict');
    let exported: DataExport | undefined;
    if (request.kind === 'export') exported = await this.dataExport(request.uid);
    else {
      await this.commandBus.execute(
        new CloseAccountCommand(request.uid, { uid: admin.uid, name: admin.email ?? admin.uid, isAdmin: true }, confirmForfeit, `${request.kind} request ${request.id}: ${request.reason ?? ''}`),
      );
    }
    const completedAt = this.clock.now();
    await this.db
      .updateTable('privacy_requests')
      .set({ status: 'completed', completed_at: completedAt, handled_by: admin.email ?? admin.uid })
      .where('id', '=', id)
      .execute();
    return { request: this.view({ ...request, status: 'completed', completed_at: completedAt, handled_by: admin.email ?? admin.uid }), export: exported };
  }

  private async recordCompleted(uid: string, kind: PrivacyRequestKind, handledBy: string | null): Promise<void> {
    const now = this.clock.now();
    await this.db
      .insertInto('privacy_requests')
      .values({
        id: randomUUID(),
        uid,
        kind,
        channel: 'member',
        status: 'completed',
        received_at: now,
        due_at: new Date(now.getTime() + RETENTION.privacyRequestDays * DAY_MS),
        completed_at: now,
        handled_by: handledBy,
        reason: null,
      })
      .execute();
  }

  private view(row: Selectable<DB['privacy_requests']>): PrivacyRequestView {
    const due = new Date(row.due_at);
    return {
      id: row.id,
      uid: row.uid,
      kind: row.kind as PrivacyRequestKind,
      channel: row.channel as 'member' | 'written',
      status: row.status as 'open' | 'completed',
      received_at: iso(row.received_at)!,
      due_at: due.toISOString(),
      completed_at: iso(row.completed_at),
      days_left: row.status === 'completed' ? null : Math.ceil((due.getTime() - this.clock.now().getTime()) / DAY_MS),
      handled_by: row.handled_by,
      reason: row.reason,
    };
  }
}
