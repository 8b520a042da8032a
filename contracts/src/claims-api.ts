import type { ClaimCallbackEvidence, ClaimStatus } from './events';

/**
 * Missing-credit claims and the per-task timeline (issue 20). Amounts in pounds keep an exact
 * `_pence` twin, like every other money shape.
 */

export interface ClaimCreateBody {
  offer_id: string;
  task_id: string;
  note: string;
  evidence?: string | null;
}

export interface Claim {
  id: string;
  user_id: string;
  offer_id: string;
  api_id: string;
  offer_title: string;
  task_id: string;
  task_name: string;
  amount: number;
  amount_pence: number;
  status: ClaimStatus;
  started_at: string;
  callbacks: ClaimCallbackEvidence[];
  missing: string;
  note: string;
  evidence: string | null;
  opened_at: string;
  waiting_at: string | null;
  decided_at: string | null;
  /** Declined: why (the member sees it); approved: the admin's reason. */
  decision_reason: string | null;
  earning_id: string | null;
  /** When we promise an answer by: `CLAIM_ANSWER_BUSINESS_DAYS` business days after opening. */
  answer_by: string;
}

/** An admin's row: the member's email and who decided. */
export interface AdminClaim extends Claim {
  user_email: string | null;
  username: string | null;
  decided_by: string | null;
}

/** The evidence an admin weighs, side by side. */
export interface AdminClaimDetail {
  claim: AdminClaim;
  /** The member's starts of the offer. */
  start: { first_started_at: string; last_started_at: string; start_count: number } | null;
  /** Our callbacks for that member and offer, as they stand now. */
  callbacks: Array<{ id: string; transaction_id: string | null; task_id: string | null; task_name: string | null; state: string | null; reward_pence: number | null; created_at: string; processed: boolean }>;
  /** Other members' credits of the same task. */
  others: { completions: number; recent: Array<{ user_id: string; status: string; amount_pence: number; created_at: string }> };
}

export interface ClaimDecisionBody {
  reason: string;
}

export type TaskTimelineState = 'not_started' | 'started' | 'pending' | 'approved' | 'reversed' | 'claimed';

export interface TaskTimelineEntry {
  task_id: string;
  task_name: string;
  reward_pence: number;
  state: TaskTimelineState;
  started_at: string | null;
  earning_id: string | null;
  credited_at: string | null;
  /** Pending: when the partner is expected to confirm it. */
  expected_clear_at: string | null;
  approved_at: string | null;
  /** Reversed: when, why, and the credit it cancelled. */
  reversed_at: string | null;
  reversal_reason: string | null;
  reversed_amount_pence: number | null;
  claim: { id: string; status: ClaimStatus; opened_at: string } | null;
  /** Whether 'Report missing credit' is offered, and from when it will be when not yet. */
  can_claim: boolean;
  claimable_from: string | null;
}

export interface OfferTimeline {
  offer_id: string;
  api_id: string;
  started_at: string | null;
  tasks: TaskTimelineEntry[];
  answer_business_days: number;
}

export const CLAIM_LIMITS = {
  noteMaxChars: 500,
  evidenceMaxChars: 2000,
  reasonMaxChars: 500,
  /** Defaults of CLAIM_MIN_AGE_HOURS and CLAIM_ANSWER_BUSINESS_DAYS. */
  defaultMinAgeHours: 24,
  defaultAnswerBusinessDays: 5,
  adminPageSize: 20,
  memberPageSize: 50,
  /** Like the callbacks export: one response holds at most this many claims. */
  exportMaxRows: 50_000,
} as const;
