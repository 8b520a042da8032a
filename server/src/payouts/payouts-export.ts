import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { type PayoutEvent, penceToDecimal, streams } from '@playquid/contracts';
import type { DB, PayoutRow } from '@playquid/read-db';
import { stringify } from 'csv-stringify';
import { Matches } from 'class-validator';
import type { Kysely } from 'kysely';
import { pipeline, Readable } from 'node:stream';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store';
import { READ_DB } from '../infra/tokens';

/** One export answers at most this many payouts (as the callbacks export); past it, a narrower range. */
export const PAYOUT_EXPORT_MAX_ROWS = 50_000;
/** The longest date range one export may span. */
export const PAYOUT_EXPORT_MAX_DAYS = 366;
const BATCH = 500;
const DAY_MS = 86_400_000;

export const PAYOUT_CSV_COLUMNS = [
  'payout_id',
  'member_uid',
  'payout_amount_pounds',
  'payout_amount_pence',
  'payout_status',
  'requested_at',
  'event_id',
  'event',
  'event_at',
  'amount_pounds',
  'amount_pence',
  'admin',
  'admin_uid',
  'detail',
] as const;

type CsvRow = Record<(typeof PAYOUT_CSV_COLUMNS)[number], string | number | null>;

interface EventFacts {
  event: string;
  at: string;
  amountPence: number | null;
  admin: string | null;
  detail: string | null;
}

/** What finance reads of one payout event: its name, time, amount, the admin who acted, and why. */
export function payoutEventFacts(event: PayoutEvent): EventFacts {
  switch (event.type) {
    case 'PayoutRequested':
      return { event: 'requested', at: event.data.requestedAt, amountPence: event.data.amountPence, admin: null, detail: `reward by ${event.data.deliveryMethod}` };
    case 'PayoutApproved':
      return { event: 'approved', at: event.data.approvedAt, amountPence: null, admin: event.data.approvedBy, detail: event.data.notes };
    case 'PayoutRejected':
      return { event: 'rejected', at: event.data.rejectedAt, amountPence: event.data.amountPence, admin: event.data.rejectedBy, detail: event.data.reason };
    case 'PayoutProcessed':
      return { event: 'paid', at: event.data.processedAt, amountPence: event.data.amountPence, admin: event.data.processedBy, detail: `reference ${event.data.transactionReference}` };
    case 'PayoutCancelled':
      return { event: 'cancelled', at: event.data.cancelledAt, amountPence: event.data.amountPence, admin: event.data.byAdmin ? event.data.cancelledBy : null, detail: event.data.reason };
    case 'PayoutRewardOrderPlaced':
      return { event: 'order_placed', at: event.data.placedAt, amountPence: event.data.amountPence, admin: null, detail: null };
    case 'PayoutRewardOrdered':
      return { event: 'order_accepted', at: event.data.orderedAt, amountPence: null, admin: null, detail: `order ${event.data.orderId} (${event.data.orderStatus})` };
    case 'PayoutRewardOrderFailed':
      return { event: 'order_failed', at: event.data.failedAt, amountPence: null, admin: null, detail: event.data.error };
    case 'PayoutRewardDeliveryRecorded': {
      const state = event.data.state ?? (event.data.outcome === 'sent' ? 'delivered' : 'failed');
      return { event: state === 'delivered' ? 'delivered' : state === 'failed' ? 'delivery_failed' : `reward_${state}`, at: event.data.occurredAt ?? event.data.recordedAt, amountPence: null, admin: null, detail: event.data.detail };
    }
    case 'PayoutRewardResendRequested':
      return { event: 'resend_requested', at: event.data.requestedAt, amountPence: null, admin: event.data.requestedBy, detail: `attempt ${event.data.attempt}` };
    case 'PayoutReturned':
      return { event: 'returned', at: event.data.returnedAt, amountPence: event.data.amountPence, admin: event.data.returnedBy, detail: event.data.reason };
    case 'PayoutFlaggedForReview':
      return { event: 'flagged_for_review', at: event.data.flaggedAt, amountPence: event.data.reversedPence, admin: null, detail: event.data.reason };
  }
}

const PAYOUT_TYPES = new Set<string>([
  'PayoutRequested',
  'PayoutApproved',
  'PayoutRejected',
  'PayoutProcessed',
  'PayoutCancelled',
  'PayoutRewardOrderPlaced',
  'PayoutRewardOrdered',
  'PayoutRewardOrderFailed',
  'PayoutRewardDeliveryRecorded',
  'PayoutRewardResendRequested',
  'PayoutReturned',
  'PayoutFlaggedForReview',
]);

/** The CSV rows of one payout: one per event of it on the member's wallet stream, in order. */
export function payoutRows(payout: PayoutRow, wallet: readonly RecordedEvent[]): CsvRow[] {
  return wallet
    .filter((e) => PAYOUT_TYPES.has(e.type) && (e.data as { payoutId?: string }).payoutId === payout.id)
    .map((e) => {
      const facts = payoutEventFacts({ type: e.type, data: e.data } as PayoutEvent);
      const actor = typeof e.metadata.actor === 'string' && e.metadata.actor !== payout.uid ? e.metadata.actor : null;
      return {
        payout_id: payout.id,
        member_uid: payout.uid,
        payout_amount_pounds: penceToDecimal(payout.amount_pence),
        payout_amount_pence: payout.amount_pence,
        payout_status: payout.status,
        requested_at: new Date(payout.requested_at).toISOString(),
        event_id: e.id,
        event: facts.event,
        event_at: facts.at,
        amount_pounds: facts.amountPence === null ? null : penceToDecimal(facts.amountPence),
        amount_pence: facts.amountPence,
        admin: facts.admin,
        admin_uid: facts.admin === null ? null : actor,
        detail: facts.detail,
      };
    });
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** `GET /api/admin/payouts/export?from=&to=`: payouts requested on these UTC days, both included. */
export class PayoutsExportQueryDto {
  @ApiProperty({ description: 'first day (UTC), YYYY-MM-DD', example: '2026-11-01' })
  @Matches(DAY, { message: 'from must be a date such as 2026-11-01' })
  from!: string;

  @ApiProperty({ description: 'last day (UTC), YYYY-MM-DD, on or after from; at most 366 days after it', example: '2026-11-30' })
  @Matches(DAY, { message: 'to must be a date such as 2026-11-30' })
  to!: string;
}

export type PayoutExportRange = Pick<PayoutsExportQueryDto, 'from' | 'to'>;

/** [from 00:00 UTC, the day after `to` 00:00 UTC), or a 400 saying what is wrong with the range. */
export function exportWindow(range: PayoutExportRange): { start: Date; end: Date } {
  const start = new Date(`${range.from}T00:00:00Z`);
  const end = new Date(new Date(`${range.to}T00:00:00Z`).getTime() + DAY_MS);
  if (end.getTime() <= start.getTime()) throw new BadRequestException('from must be on or before to');
  if (end.getTime() - start.getTime() > PAYOUT_EXPORT_MAX_DAYS * DAY_MS) throw new BadRequestException(`The date range may span at most ${PAYOUT_EXPORT_MAX_DAYS} days`);
  return { start, end };
}

/**
 * The payouts requested in a date range, each with every event of it from the member's wallet
 * stream (the log, not the read model: ids, amounts and admins as recorded), as a streamed CSV.
 * `escape_formulas`: reasons and notes are typed by admins, and a cell starting with `=` would run
 * as a formula in a spreadsheet.
 */
@Injectable()
export class PayoutsExportService {
  constructor(
    @Inject(READ_DB) private readonly db: Kysely<DB>,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async export(range: PayoutExportRange, maxRows = PAYOUT_EXPORT_MAX_ROWS): Promise<Readable> {
    const { start, end } = exportWindow(range);
    const inRange = this.db.selectFrom('payouts').where('requested_at', '>=', start).where('requested_at', '<', end);
    const { n } = await inRange.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    if (Number(n) > maxRows) {
      throw new BadRequestException(
        `The export is limited to ${maxRows.toLocaleString('en-GB')} payouts and this range has ${Number(n).toLocaleString('en-GB')}; choose a shorter date range`,
      );
    }
    const store = this.store;
    async function* rows() {
      let after: { requested_at: Date; id: string } | undefined;
      for (;;) {
        const page = await inRange
          .selectAll()
          .$if(after !== undefined, (qb) => qb.where((eb) => eb(eb.refTuple('requested_at', 'id'), '>', eb.tuple(after!.requested_at, after!.id))))
          .orderBy('requested_at')
          .orderBy('id')
          .limit(BATCH)
          .execute();
        const wallets = new Map<string, RecordedEvent[]>();
        for (const uid of new Set(page.map((p) => p.uid))) wallets.set(uid, await store.readStream(streams.wallet(uid)));
        for (const payout of page) yield* payoutRows(payout, wallets.get(payout.uid) ?? []);
        if (page.length < BATCH) return;
        const last = page[page.length - 1];
        after = { requested_at: new Date(last.requested_at), id: last.id };
      }
    }
    // pipeline (not pipe): a database error half way destroys the response stream instead of hanging it.
    return pipeline(Readable.from(rows()), stringify({ header: true, columns: [...PAYOUT_CSV_COLUMNS], escape_formulas: true }), () => {});
  }
}
