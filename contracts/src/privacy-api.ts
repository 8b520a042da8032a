import type { Pence } from './money';

/** GET /api/users/closure: what closing the account would do to the member's money, before they confirm. */
export interface ClosurePreview {
  available_pence: Pence;
  /** At least the minimum payout: the member may withdraw it first. */
  withdrawable_pence: Pence;
  /** Given up if they close now (only with `confirm_forfeit`). */
  forfeit_pence: Pence;
  pending_pence: Pence;
  open_payouts: number;
  /** Why closing is refused now, or null. */
  blocker: string | null;
  /** What is erased at once and what is kept, and for how long. */
  retention: string[];
}

/** POST /api/users/close */
export interface CloseAccountBody {
  /** Required when money is available: the member gives it up. */
  confirm_forfeit?: boolean;
}

export type PrivacyRequestKind = 'export' | 'closure' | 'erasure';
export type PrivacyRequestStatus = 'open' | 'completed';

/** One privacy request (admin view), with the 30-day clock. */
export interface PrivacyRequestView {
  id: string;
  uid: string;
  kind: PrivacyRequestKind;
  /** `member`: made in the app; `written`: an email or letter an admin records. */
  channel: 'member' | 'written';
  status: PrivacyRequestStatus;
  received_at: string;
  due_at: string;
  completed_at: string | null;
  /** Days left to the due date (negative when overdue); null once completed. */
  days_left: number | null;
  handled_by: string | null;
  reason: string | null;
}

/** POST /api/admin/privacy-requests: a written request, recorded with who and why. */
export interface RecordPrivacyRequestBody {
  uid: string;
  kind: PrivacyRequestKind;
  reason: string;
}

/** GET /api/users/data-export: everything PlayQuid holds about the member, as JSON. */
export interface DataExport {
  exported_at: string;
  profile: Record<string, unknown>;
  consents: Record<string, unknown>;
  sign_ins: string[];
  earnings: Record<string, unknown>[];
  payouts: Record<string, unknown>[];
  callbacks: Record<string, unknown>[];
  offer_starts: Record<string, unknown>[];
  claims: Record<string, unknown>[];
  statement: Record<string, unknown>[];
  retention: Record<string, string>;
}
