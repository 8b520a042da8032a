import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import {
  type AdminClaim,
  type AdminClaimDetail,
  CLAIM_LIMITS,
  type Claim,
  type ClaimCallbackEvidence,
  type ClaimEvent,
  type ClaimOpened,
  type ClaimStatus,
  type OfferStarted,
  type OfferTimeline,
  penceToDecimal,
  streams,
} from '@playquid/contracts';
import {
  addBusinessDays,
  CLAIM_CREDITED_SINCE_MESSAGE,
  CLAIM_NOT_FOUND,
  claimEarningId,
  type ClaimCommand,
  claimDecider,
  claimTaskDecider,
  DomainError,
  paging,
  taskTimeline,
  walletDecider,
} from '@playquid/domain';
import type { ClaimRow } from '@playquid/read-db';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AuthUser } from '../auth/auth.types';
import { Clock } from '../cqrs/clock';
import { aggregateStream, handleCommand } from '../cqrs/command-handler';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { OfferStreams } from '../offers/offer-streams';
import { CLAIMS_CONFIG, type ClaimsConfig } from './claims-config';
import { claimsCsvStream, claimsExportTooLargeMessage } from './claims-csv';
import type { AdminClaimsQueryDto, ClaimDecisionDto, ClaimWaitingDto, CreateClaimDto, MemberClaimsQueryDto } from './claims.dto';
import { type AdminClaimRow, type ClaimFilters, ClaimsRepository } from './claims.repository';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** The admin acting: their email (or uid) goes on the events, their uid is checked against the member's. */
const adminOf = (auth: AuthUser) => ({ by: auth.email ?? auth.uid, byUid: auth.uid });

/**
 * Missing-credit claims. Writes decide on the claim's own stream (and the claim-task stream that
 * keeps one open claim per member, offer and task; an approval also credits the wallet through the
 * wallet decider); reads come from the read tables only.
 */
@Injectable()
export class ClaimsService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLAIMS_CONFIG) private readonly config: ClaimsConfig,
    private readonly clock: Clock,
    private readonly offers: OfferStreams,
    private readonly claims: ClaimsRepository,
  ) {}

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
    return this.claimOfEvent(opened);
  }

  async memberList(auth: AuthUser, query: MemberClaimsQueryDto) {
    const { rows, total } = await this.claims.page({ uid: auth.uid }, query.page, query.per_page);
    return { data: rows.map((row) => this.toClaim(row)), ...paging(query.page, query.per_page, total), answer_business_days: this.config.answerBusinessDays };
  }

  async memberDetail(auth: AuthUser, id: string): Promise<Claim> {
    const row = await this.claims.find(id);
    // Another member's claim is as absent as one that does not exist.
    if (!row || row.uid !== auth.uid) throw new DomainError(CLAIM_NOT_FOUND, 'not_found');
    return this.toClaim(row);
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
    return { data: rows.map((row) => this.toAdminClaim(row)), ...paging(query.page, query.per_page, total) };
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
      claim: this.toAdminClaim(row),
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

  async markWaiting(auth: AuthUser, id: string, dto: ClaimWaitingDto) {
    const { state } = await this.decide(auth, { type: 'MarkClaimWaiting', claimId: id, note: dto.note ?? null, now: this.clock.nowIso(), ...adminOf(auth) });
    return { id, status: state.status };
  }

  /**
   * ClaimApproved on the claim's stream, then the credit on the member's wallet (idempotent by
   * claim): a retried approval after a failed credit books the credit and nothing twice.
   */
  async approve(auth: AuthUser, id: string, dto: ClaimDecisionDto) {
    await this.refuseIfCreditedSince(id);
    const { state, recorded } = await this.decide(auth, { type: 'ApproveClaim', claimId: id, reason: dto.reason, now: this.clock.nowIso(), ...adminOf(auth) });
    const opened = recorded.find((e): e is ClaimOpened => e.type === 'ClaimOpened')!.data;
    const approval = recorded.find((e) => e.type === 'ClaimApproved');
    const { by, byUid, reason } = approval?.type === 'ClaimApproved' ? approval.data : { ...adminOf(auth), reason: dto.reason };
    const credit = await handleCommand(
      this.store,
      streams.wallet(opened.uid),
      walletDecider,
      {
        type: 'CreditClaim',
        uid: opened.uid,
        claimId: id,
        earningId: state.earningId!,
        offerId: opened.apiId,
        offerName: opened.offerTitle,
        taskId: opened.taskId,
        taskName: opened.taskName,
        amountPence: opened.rewardPence,
        by,
        byUid,
        reason,
        now: this.clock.nowIso(),
      },
      { metadata: { actor: auth.uid } },
    );
    return {
      id,
      status: state.status,
      earning_id: state.earningId,
      amount: Number(penceToDecimal(opened.rewardPence)),
      amount_pence: opened.rewardPence,
      credited: credit.events.length > 0,
    };
  }

  async decline(auth: AuthUser, id: string, dto: ClaimDecisionDto) {
    const { state } = await this.decide(auth, { type: 'DeclineClaim', claimId: id, reason: dto.reason, now: this.clock.nowIso(), ...adminOf(auth) });
    // The task is free for a new claim once this one is declined.
    await handleCommand(this.store, streams.claimTask(state.uid!, state.offerId!, state.taskId!), claimTaskDecider, {
      type: 'ReleaseClaimTask',
      uid: state.uid!,
      offerId: state.offerId!,
      taskId: state.taskId!,
      claimId: id,
      now: this.clock.nowIso(),
    });
    return { id, status: state.status, reason: dto.reason };
  }

  /**
   * A credit from the partner that arrived while the claim was open settles it: approving as well
   * would pay the task twice (409; the admin declines it instead).
   */
  private async refuseIfCreditedSince(id: string): Promise<void> {
    const { recorded } = await aggregateStream(this.store, streams.claim(id), claimDecider);
    const events = recorded.map((e) => ({ type: e.type, data: e.data }) as ClaimEvent);
    const opened = events.find((e): e is ClaimOpened => e.type === 'ClaimOpened');
    if (!opened || events.some((e) => e.type === 'ClaimApproved' || e.type === 'ClaimDeclined')) return;
    const earnings = await this.claims.memberOfferEarnings(opened.data.uid, opened.data.apiId);
    const credited = earnings.some(
      (e) => e.status !== 'rejected' && e.id !== claimEarningId(id) && (e.task_id === opened.data.taskId || e.task_name === opened.data.taskName),
    );
    if (credited) throw new DomainError(CLAIM_CREDITED_SINCE_MESSAGE, 'conflict');
  }

  /** 400 naming the cap when the filter matches more claims than one export may hold. */
  async export(query: AdminClaimsQueryDto, maxRows: number = CLAIM_LIMITS.exportMaxRows): Promise<Readable> {
    const filters = filtersOf(query);
    const matching = await this.claims.count(filters);
    if (matching > maxRows) throw new BadRequestException(claimsExportTooLargeMessage(matching, maxRows));
    return claimsCsvStream(this.claims.batches(filters));
  }

  // ------------------------------------------------------------------ helpers

  private async decide(auth: AuthUser, command: ClaimCommand) {
    const result = await handleCommand(this.store, streams.claim(command.claimId), claimDecider, command, { metadata: { actor: auth.uid } });
    const { recorded } = await aggregateStream(this.store, streams.claim(command.claimId), claimDecider);
    return { state: result.state, recorded: recorded.map((e) => ({ type: e.type, data: e.data }) as ClaimEvent) };
  }

  /** The member's first start of the offer, from their offerstarts stream (the write side's record). */
  private async firstStart(uid: string, offerId: string): Promise<string | null> {
    const recorded = await this.store.readStream(streams.offerStarts(uid));
    const start = recorded.find((e) => e.type === 'OfferStarted' && (e.data as OfferStarted['data']).offerId === offerId);
    return start ? (start.data as OfferStarted['data']).startedAt : null;
  }

  private answerBy(openedAt: string) {
    return addBusinessDays(openedAt, this.config.answerBusinessDays);
  }

  private claimOfEvent({ data: d }: ClaimOpened): Claim {
    return {
      id: d.claimId,
      user_id: d.uid,
      offer_id: d.offerId,
      api_id: d.apiId,
      offer_title: d.offerTitle,
      task_id: d.taskId,
      task_name: d.taskName,
      amount: Number(penceToDecimal(d.rewardPence)),
      amount_pence: d.rewardPence,
      status: 'open',
      started_at: d.startedAt,
      callbacks: d.callbacks,
      missing: d.missing,
      note: d.note,
      evidence: d.evidence,
      opened_at: d.openedAt,
      waiting_at: null,
      decided_at: null,
      decision_reason: null,
      earning_id: null,
      answer_by: this.answerBy(d.openedAt),
    };
  }

  private toClaim(row: ClaimRow): Claim {
    const openedAt = iso(row.opened_at);
    return {
      id: row.id,
      user_id: row.uid,
      offer_id: row.offer_id,
      api_id: row.api_id,
      offer_title: row.offer_title,
      task_id: row.task_id,
      task_name: row.task_name,
      amount: Number(penceToDecimal(row.reward_pence)),
      amount_pence: row.reward_pence,
      status: row.status as ClaimStatus,
      started_at: iso(row.started_at),
      callbacks: row.callbacks,
      missing: row.missing,
      note: row.note,
      evidence: row.evidence,
      opened_at: openedAt,
      waiting_at: isoOrNull(row.waiting_at),
      decided_at: isoOrNull(row.decided_at),
      decision_reason: row.decision_reason,
      earning_id: row.earning_id,
      answer_by: this.answerBy(openedAt),
    };
  }

  private toAdminClaim(row: AdminClaimRow): AdminClaim {
    return { ...this.toClaim(row), user_email: row.user_email, username: row.username, decided_by: row.decided_by };
  }
}

function filtersOf(query: AdminClaimsQueryDto): ClaimFilters {
  return { status: query.status, uid: query.user_id, offerId: query.offer_id, search: query.search };
}
