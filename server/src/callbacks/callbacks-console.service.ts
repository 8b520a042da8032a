import { BadRequestException, ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { CallbackRecord, CallbacksPage } from '@playquid/contracts';
import { pageOffset, paging } from '@playquid/domain';
import type { Readable } from 'node:stream';
import { toCallbackRecord } from './callback-record.mapper';
import { type CallbackStatsData, toCallbackStats } from './callback-stats';
import { type CallbackFilters, CallbackRepository } from './callback.repository';
import { CALLBACK_EXPORT_MAX_ROWS, callbacksCsvStream, exportTooLargeMessage } from './callbacks-csv';
import type { CallbacksQueryDto } from './callbacks.dto';
import { ReprocessCallbackCommand, type ReprocessCallbackResult } from './reprocess-callback.command';
import { type ReviewDecision, ReviewHeldCreditCommand, type ReviewHeldCreditResult } from './review-held-credit.command';

const DAY_MS = 24 * 3_600_000;
export const CALLBACK_NOT_FOUND = 'Callback not found';

export interface ReprocessData {
  callback_id: string;
  transaction_id: string;
  outcome: 'processed';
  /** What the wallet booked: credited_approved, credited_pending, approved, reversed or no_change. */
  detail: string;
  earning_id: string | null;
}

export const filtersOf = (query: CallbacksQueryDto): CallbackFilters => ({
  state: query.state,
  processed: query.processed,
  userId: query.user_id,
  offerId: query.offer_id,
  search: query.search,
  review: query.review,
});

export interface ReviewData {
  callback_id: string;
  earning_id: string;
  user_id: string;
  amount_pence: number;
  review_status: 'approved' | 'rejected';
  reviewed_by: string;
  reason: string;
}

/** The admin callbacks console: reads from the callbacks read table, retries through the command bus. */
@Injectable()
export class CallbacksConsoleService {
  constructor(
    private readonly callbacks: CallbackRepository,
    private readonly commandBus: CommandBus,
  ) {}

  async page(query: CallbacksQueryDto, scope: Pick<CallbackFilters, 'userId' | 'offerId'> = {}): Promise<Omit<CallbacksPage, 'success' | 'message'>> {
    const { rows, total, estimated } = await this.callbacks.page({ ...filtersOf(query), ...scope }, query.per_page, pageOffset(query.page, query.per_page));
    return { data: rows.map(toCallbackRecord), ...paging(query.page, query.per_page, total), total_estimated: estimated };
  }

  async detail(id: string): Promise<CallbackRecord> {
    const row = await this.callbacks.findById(id);
    if (!row) throw new NotFoundException(CALLBACK_NOT_FOUND);
    return toCallbackRecord(row);
  }

  async stats(now = new Date()): Promise<CallbackStatsData> {
    return toCallbackStats(await this.callbacks.counts(new Date(now.getTime() - DAY_MS)));
  }

  /** 400 naming the cap when the filter matches more rows than one export may hold. */
  async export(query: CallbacksQueryDto, maxRows = CALLBACK_EXPORT_MAX_ROWS): Promise<Readable> {
    const callbacks = this.callbacks;
    const filters = filtersOf(query);
    const matching = await callbacks.count(filters);
    if (matching > maxRows) throw new BadRequestException(exportTooLargeMessage(matching, maxRows));
    async function* pages() {
      for await (const rows of callbacks.batches(filters)) yield rows.map(toCallbackRecord);
    }
    return callbacksCsvStream(pages());
  }

  /**
   * An admin's decision on a credit held above the review threshold: 404 for an unknown callback,
   * 409 when it booked no held credit or the credit is no longer held and pending.
   */
  async review(id: string, decision: ReviewDecision, reviewer: { uid: string; name: string }, reason: string): Promise<ReviewData> {
    const reviewedBy = reviewer.name;
    const row = await this.callbacks.findById(id);
    if (!row) throw new NotFoundException(CALLBACK_NOT_FOUND);
    if (!row.accepted || row.transaction_id === null) throw new ConflictException(`Callback was rejected at intake (${row.rejection_reason ?? 'unknown reason'}) and booked no credit`);
    const result = await this.commandBus.execute<ReviewHeldCreditCommand, ReviewHeldCreditResult>(
      new ReviewHeldCreditCommand(row.transaction_id, row.id, decision, reviewedBy, reason, reviewer.uid),
    );
    return { callback_id: row.id, earning_id: result.earningId, user_id: result.uid, amount_pence: result.amountPence, review_status: result.status, reviewed_by: reviewedBy, reason: reason.trim() };
  }

  /**
   * 409 unless the callback's processing failed; 422 when the retry fails again (the message is the
   * new error, so the console shows 'Failed to reprocess callback: {message}').
   */
  async reprocess(id: string): Promise<ReprocessData> {
    const row = await this.callbacks.findById(id);
    if (!row) throw new NotFoundException(CALLBACK_NOT_FOUND);
    if (!row.accepted || row.transaction_id === null) {
      throw new ConflictException(`Callback was rejected at intake (${row.rejection_reason ?? 'unknown reason'}) and cannot be reprocessed`);
    }
    const result = await this.commandBus.execute<ReprocessCallbackCommand, ReprocessCallbackResult>(
      new ReprocessCallbackCommand(row.transaction_id, row.id),
    );
    if (result.outcome === 'failed') throw new UnprocessableEntityException(result.error);
    return { callback_id: row.id, transaction_id: row.transaction_id, outcome: 'processed', detail: result.detail, earning_id: result.earningId };
  }
}
