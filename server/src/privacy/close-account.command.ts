import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RETENTION, streams } from '@playquid/contracts';
import { DomainError, userDecider, walletDecider } from '@playquid/domain';
import { type DB, PersonalDataVault } from '@playquid/read-db';
import type { Auth } from 'firebase-admin/auth';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../cqrs/clock';
import { aggregateStream, handleCommand } from '../cqrs/command-handler';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { FIREBASE_AUTH, READ_DB } from '../infra/tokens';

const YEAR_MS = 365.25 * 86_400_000;

export interface ClosingActor {
  uid: string;
  /** Recorded as `closedBy`: the member's uid, or the admin's email or uid. */
  name: string;
  isAdmin: boolean;
}

export class CloseAccountCommand {
  constructor(
    readonly uid: string,
    readonly actor: ClosingActor,
    readonly confirmForfeit: boolean,
    /** An admin's closure names the written request it acts on. */
    readonly reason: string | null,
  ) {}
}

export interface CloseAccountResult {
  closedAt: string;
  forfeitedPence: number;
}

/**
 * Closes an account: the money first (the wallet decider forfeits the available balance only when
 * confirmed, and refuses while a payout is open or earnings pending), then AccountClosed on the user
 * stream; then the keys of what no law requires us to keep are shredded at once (username,
 * technical data, marketing choices), the identity kept for financial records expires
 * RETENTION.financialRecordsYears later (the retention job shreds it), the unsigned-callback ring
 * forgets the member, and the Firebase account is disabled. Each step after the events is repeated
 * safely by closing again (refused as already closed only after the steps ran).
 */
@CommandHandler(CloseAccountCommand)
export class CloseAccountHandler implements ICommandHandler<CloseAccountCommand, CloseAccountResult> {
  private readonly logger = new Logger('CloseAccount');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    @Inject(FIREBASE_AUTH) private readonly firebase: Auth,
    private readonly vault: PersonalDataVault,
    private readonly clock: Clock,
  ) {}

  async execute({ uid, actor, confirmForfeit, reason }: CloseAccountCommand): Promise<CloseAccountResult> {
    const now = this.clock.nowIso();
    const { state: user } = await aggregateStream(this.store, streams.user(uid), userDecider);
    if (!user.registered) throw new DomainError('User not found', 'not_found');
    if (actor.isAdmin && actor.uid === uid) throw new DomainError('An admin cannot act on a privacy request for their own account', 'forbidden');
    if (user.closed) throw new DomainError('This account is closed', 'conflict');
    const { events } = await handleCommand(
      this.store,
      streams.wallet(uid),
      walletDecider,
      { type: 'SettleClosure', uid, confirmForfeit, minPayoutPence: this.config.minPayoutPence, now },
      { metadata: { actor: actor.name } },
    );
    const forfeitedPence = events.reduce((sum, e) => sum + (e.type === 'BalanceForfeited' ? e.data.amountPence : 0), 0);
    await handleCommand(
      this.store,
      streams.user(uid),
      userDecider,
      { type: 'CloseAccount', uid, byUid: actor.uid, closedBy: actor.name, byAdmin: actor.isAdmin, reason, forfeitedPence, now },
      { metadata: { actor: actor.name } },
    );
    await this.eraseNow(uid, now);
    return { closedAt: now, forfeitedPence };
  }

  private async eraseNow(uid: string, now: string): Promise<void> {
    await this.vault.shred(uid, ['profile', 'technical', 'marketing']);
    await this.vault.expire(uid, 'identity', new Date(Date.parse(now) + RETENTION.financialRecordsYears * YEAR_MS));
    // Unsigned requests are not events: the ring forgets what it held about the member.
    await this.db
      .updateTable('unsigned_callback_rejects')
      .set({ source_ip: '[erased]', raw_query: '', raw_parameters: '{}' })
      .where('user_id', '=', uid)
      .execute();
    try {
      await this.firebase.updateUser(uid, { disabled: true });
      await this.firebase.revokeRefreshTokens(uid);
    } catch (error) {
      // The closure holds from the log (the guard refuses a closed account); an admin can retry the sign-in step.
      this.logger.error({ err: error, uid }, 'could not disable the sign-in account; the closure itself is recorded');
    }
  }
}
