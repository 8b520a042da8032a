import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  type AdminClaimDetail,
  CLAIM_LIMITS,
  type Claim,
  type ClaimCallbackEvidence,
  type ClaimOpened,
  type ClaimStatus,
  type OfferStarted,
  type OfferTimeline,
  streams,
} from '@playquid/contracts';
import { CLAIM_NOT_FOUND, type ClaimCommand, claimDecider, claimTaskDecider, DomainError, paging, taskTimeline } from '@playquid/domain';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AuthUser } from '../auth/auth.types';
import { Clock } from '../cqrs/clock';
import { handleCommand } from '../cqrs/command-handler';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { OfferStreams } from '../offers/offer-streams';
import { CLAIMS_CONFIG, type ClaimsConfig } from './claims-config';
import { claimsCsvStream, claimsExportTooLargeMessage } from './claims-csv';
import type { AdminClaimsQueryDto, CreateClaimDto, MemberClaimsQueryDto } from './claims.dto';
import { ClaimsRepository } from './claims.repository';
import { ClaimViews, filtersOf, iso } from './claim-views';

/**
 * Missing-credit claims. Opening decides on the claim's own stream (and the claim-task stream that
 * keeps one open claim per member, offer and task); the admin's decisions are in ClaimDecisions
 * (claim-decisions.ts); reads come from the read tables only, shown through ClaimViews.
 */
@Injectable()
export class ClaimsService {
  private readonly views: ClaimViews;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLAIMS_CONFIG) private readonly config: ClaimsConfig,
    private readonly clock: Clock,
    private readonly offers: OfferStreams,
    private readonly claims: ClaimsRepository,
  ) {
    this.views = new ClaimViews(config.answerBusinessDays);
  }

  // ------------------------------------------------------------------ member

  async open(auth: AuthUser, dto: CreateClaimDto): Promise<Claim> {
    const offer = await this.offers.live(dto.offer_id);
    const content = offer.content!;
    const startedAt = await this.firstStart(auth.uid, offer.offerId);
    const [earnings, callbacks] = await Promise.all([
      this.claims.memberOfferEarnings(auth.uid, offer.apiId),
      this.claims.memberOfferCallbacks(auth.uid, offer.apiId),
    ]);
    const creditedTaskIds = earnings
      .filter((e) => e.status !== 'rejected')
      .flatMap((e) => [e.task_id, e.task_name])
      .filter((t): t is string => t !== null);
    const evidence: ClaimCallbackEvidence[] = callbacks.map((c) => ({
      transactionId: c.transaction_id ?? c.id,
      taskId: c.task_id,
      taskName: c.task_name,
      state: c.offer_state,
      rewardPence: c.reward_pence,
      receivedAt: iso(c.created_at),
    }));
    const now = this.clock.nowIso();
    const claimId = randomUUID();
    const command: ClaimCommand = {
      type: 'OpenClaim',
      claimId,
      uid: auth.uid,
      offer: { offerId: offer.offerId, apiId: offer.apiId, title: content.title, tasks: content.tasks },
      taskId: dto.task_id,
      startedAt,
      minAgeHours: this.config.minAgeHours,
      creditedTaskIds,
      callbacks: evidence,
      note: dto.note,
      evidence: dto.evidence ?? null,
      now,
    };
    // Every refusal of the claim itself comes before the task is held, so a refused claim writes nothing.
    const [opened] = claimDecider.decide(command, claimDecider.initialState()) as [ClaimOpened];
    const task = { uid: auth.uid, offerId: offer.offerId, taskId: opened.data.taskId, claimId, now };
    await handleCommand(this.store, streams.claimTask(auth.uid, offer.offerId, opened.data.taskId), claimTaskDecider, { type: 'HoldClaimTask', ...task });
    await handleCommand(this.store, streams.claim(claimId), claimDecider, command, { expectNewStream: true, metadata: { actor: auth.uid } });
    return this.views.claimOfEvent(opened);
  }

  async memberList(auth: AuthUser, query: MemberClaimsQueryDto) {
    const { rows, total } = await this.claims.page({ uid: auth.uid }, query.page, query.per_page);
    return { data: rows.map((row) => this.views.toClaim(row)), ...paging(query.page, query.per_page, total), answer_business_days: this.config.answerBusinessDays };
  }

  async memberDetail(auth: AuthUser, id: string): Promise<Claim> {
    const row = await this.claims.find(id);
    // Another member's claim is as absent as one that does not exist.
    if (!row || row.uid !== auth.uid) throw new DomainError(CLAIM_NOT_FOUND, 'not_found');
    return this.views.toClaim(row);
  }

  /** Each task of the offer with its state from our own events (signed-in members). */
  async timeline(auth: AuthUser, idOrApiId: string): Promise<OfferTimeline> {
    const offer = await this.offers.live(idOrApiId);
    const [startedAt, earnings, claims] = await Promise.all([
      this.claims.offerStart(auth.uid, offer.offerId),
      this.claims.memberOfferEarnings(auth.uid, offer.apiId),
      this.claims.forMemberOffer(auth.uid, offer.offerId),
    ]);
    const started = startedAt ? iso(startedAt.first_started_at) : null;
    return {
      offer_id: offer.offerId,
      api_id: offer.apiId,
      started_at: started,
      answer_business_days: this.config.answerBusinessDays,
      tasks: taskTimeline({
        tasks: offer.content!.tasks,
        startedAt: started,
        earnings: earnings.map((e) => ({
          id: e.id,
          taskId: e.task_id,
          taskName: e.task_name,
          status: e.status,
          amountPence: e.amount_pence,
          creditedAt: iso(e.created_at),
          updatedAt: iso(e.updated_at),
          expectedClearAt: e.expected_clear_at ? iso(e.expected_clear_at) : null,
          reversal: e.reversed_at ? { at: iso(e.reversed_at), reason: e.reversal_reason ?? '' } : null,
        })),
        claims: claims.map((c) => ({ id: c.id, taskId: c.task_id, status: c.status as ClaimStatus, openedAt: iso(c.opened_at) })),
        minAgeHours: this.config.minAgeHours,
        now: this.clock.nowIso(),
      }),
    };
  }

  // ------------------------------------------------------------------ admin

  async adminList(query: AdminClaimsQueryDto) {
    const { rows, total } = await this.claims.page(filtersOf(query), query.page, query.per_page);
    return { data: rows.map((row) => this.views.toAdminClaim(row)), ...paging(query.page, query.per_page, total) };
  }

  async adminDetail(id: string): Promise<AdminClaimDetail> {
    const row = await this.claims.find(id);
    if (!row) throw new DomainError(CLAIM_NOT_FOUND, 'not_found');
    const [start, callbacks, others] = await Promise.all([
      this.claims.offerStart(row.uid, row.offer_id),
      this.claims.memberOfferCallbacks(row.uid, row.api_id),
      this.claims.otherCompletions(row.uid, row.api_id, row.task_id),
    ]);
    return {
      claim: this.views.toAdminClaim(row),
      start: start ? { first_started_at: iso(start.first_started_at), last_started_at: iso(start.last_started_at), start_count: start.start_count } : null,
      callbacks: callbacks.map((c) => ({
        id: c.id,
        transaction_id: c.transaction_id,
        task_id: c.task_id,
        task_name: c.task_name,
        state: c.offer_state,
        reward_pence: c.reward_pence,
        created_at: iso(c.created_at),
        processed: c.is_processed,
      })),
      others: {
        completions: others.completions,
        recent: others.recent.map((o) => ({ user_id: o.uid, status: o.status, amount_pence: o.amount_pence, created_at: iso(o.created_at) })),
      },
    };
  }

  /** 400 naming the cap when the filter matches more claims than one export may hold. */
  async export(query: AdminClaimsQueryDto, maxRows: number = CLAIM_LIMITS.exportMaxRows): Promise<Readable> {
    const filters = filtersOf(query);
    const matching = await this.claims.count(filters);
    if (matching > maxRows) throw new BadRequestException(claimsExportTooLargeMessage(matching, maxRows));
    return claimsCsvStream(this.claims.batches(filters));
  }

  // ------------------------------------------------------------------ helpers

  /** The member's first start of the offer, from their offerstarts stream (the write side's record). */
  private async firstStart(uid: string, offerId: string): Promise<string | null> {
    const recorded = await this.store.readStream(streams.offerStarts(uid));
    const start = recorded.find((e) => e.type === 'OfferStarted' && (e.data as OfferStarted['data']).offerId === offerId);
    return start ? (start.data as OfferStarted['data']).startedAt : null;
  }
}
