import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { streams } from '@playquid/contracts';
import { DomainError, walletDecider } from '@playquid/domain';
import type { DB } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { Clock } from '../cqrs/clock';
import { handleCommand } from '../cqrs/command-handler';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { READ_DB } from '../infra/tokens';

/** A BitLabs ban callback, signature already checked: the member's account state at the partner. */
export class RecordPartnerStatusCommand {
  constructor(
    readonly uid: string,
    readonly state: string,
    readonly reason: string | null,
    readonly endsAt: string | null,
  ) {}
}

export interface RecordPartnerStatusResult {
  /** false when the status was already recorded (a repeat). */
  changed: boolean;
}

/** Decided on the member's wallet stream, where the payout decision reads the hold. */
@CommandHandler(RecordPartnerStatusCommand)
export class RecordPartnerStatusHandler implements ICommandHandler<RecordPartnerStatusCommand, RecordPartnerStatusResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async execute(command: RecordPartnerStatusCommand): Promise<RecordPartnerStatusResult> {
    const member = await this.db.selectFrom('users').select('uid').where('uid', '=', command.uid).executeTakeFirst();
    if (!member) throw new DomainError(`Unknown member ${command.uid}`, 'not_found');
    const { events } = await handleCommand(this.store, streams.wallet(command.uid), walletDecider, {
      type: 'RecordPartnerStatus',
      uid: command.uid,
      partner: 'bitlabs',
      state: command.state,
      reason: command.reason,
      endsAt: command.endsAt,
      now: this.clock.nowIso(),
    });
    return { changed: events.length > 0 };
  }
}
