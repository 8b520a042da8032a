import { type AdminClaim, type Claim, type ClaimOpened, type ClaimStatus, penceToDecimal } from '@playquid/contracts';
import { addBusinessDays } from '@playquid/domain';
import type { ClaimRow } from '@playquid/read-db';
import type { AdminClaimsQueryDto } from './claims.dto';
import type { AdminClaimRow, ClaimFilters } from './claims.repository';

export const iso = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** How claims are shown: from the ClaimOpened event just written, or from a row of the claims table. */
export class ClaimViews {
  constructor(private readonly answerBusinessDays: number) {}

  private answerBy(openedAt: string) {
    return addBusinessDays(openedAt, this.answerBusinessDays);
  }

  claimOfEvent({ data: d }: ClaimOpened): Claim {
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

  toClaim(row: ClaimRow): Claim {
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

  toAdminClaim(row: AdminClaimRow): AdminClaim {
    return { ...this.toClaim(row), user_email: row.user_email, username: row.username, decided_by: row.decided_by };
  }
}

export function filtersOf(query: AdminClaimsQueryDto): ClaimFilters {
  return { status: query.status, uid: query.user_id, offerId: query.offer_id, search: query.search };
}
