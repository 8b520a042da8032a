import { Inject, Injectable } from '@nestjs/common';
import { streams, ERASED } from '@playquid/contracts';
import { retentionCutoffs, retentionDecider } from '@playquid/domain';
import { type DB, PersonalDataVault } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { handleCommand } from '../cqrs/command-handler';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { READ_DB } from '../infra/tokens';

export interface RetentionSummary {
  day: string;
  technicalBefore: string;
  shreddedKeys: Record<string, number>;
  unsignedErased: number;
  recorded: boolean;
}

/**
 * One retention run: shreds every key whose retention has ended (technical data after 90 days,
 * marketing choices after 3 years, financial identity 7 years after closure), clears the IPs and
 * queries of unsigned requests older than 90 days (a ring outside the log), and records the day's
 * run on `retention-<day>` (counts only). The projections erase what they show from the event.
 * Safe to repeat: shredding is idempotent and the day is recorded once.
 */
@Injectable()
export class RetentionService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    private readonly vault: PersonalDataVault,
  ) {}

  async runOnce(now: Date): Promise<RetentionSummary> {
    const { day, technicalBefore } = retentionCutoffs(now);
    const shreddedKeys = await this.vault.shredExpired(now);
    const unsigned = await this.db
      .updateTable('unsigned_callback_rejects')
      .set({ source_ip: ERASED, raw_query: '', raw_parameters: '{}' })
      .where('created_at', '<', new Date(technicalBefore))
      .where('source_ip', '<>', ERASED)
      .executeTakeFirst();
    const { events } = await handleCommand(this.store, streams.retention(day), retentionDecider, {
      type: 'ApplyRetention',
      now: now.toISOString(),
      shreddedKeys,
    });
    return { day, technicalBefore, shreddedKeys, unsignedErased: Number(unsigned.numUpdatedRows), recorded: events.length > 0 };
  }
}
