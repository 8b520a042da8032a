import type { ClaimCallbackEvidence, ClaimEvent, ClaimStatus, ClaimTaskEvent, OfferTask } from '@playquid/contracts';
import { type Decider, DomainError } from '../decider';
import { assertNotOwnMoney } from '../wallet/own-money';
import { CLAIM_ACCOUNT_CLOSED_MESSAGE, CLAIM_CREDITED_SINCE_MESSAGE } from '../wallet/wallet-claims';

// Missing-credit claims: a member who started an offer and believes a task was completed but never
// credited asks us to look. Each claim is its own stream (claim-<claimId>); at most one claim per
// member, offer and task is open or approved at a time (the claimtask-… stream below).

const HOUR_MS = 3_600_000;

export const CLAIM_NOT_FOUND = 'Claim not found';
export const CLAIM_EXISTS_MESSAGE = 'This claim already exists';
export const CLAIM_NOT_STARTED_MESSAGE = 'You can only report missing credit for an offer you started';
export const CLAIM_UNKNOWN_TASK_MESSAGE = 'This offer has no such task';
export const CLAIM_ALREADY_CREDITED_MESSAGE = 'This task is already credited to you; nothing is missing';
export const CLAIM_DUPLICATE_MESSAGE = 'You already have a claim for this task that is open or approved';
export const CLAIM_NOT_OPEN_MESSAGE = 'Only an open claim can be marked as waiting on the partner';
export const CLAIM_ALREADY_DECLINED_MESSAGE = 'This claim was declined; the member can open a new one';
export const CLAIM_ALREADY_APPROVED_MESSAGE = 'This claim is approved and credited; it can no longer be declined';
export { CLAIM_CREDITED_SINCE_MESSAGE } from '../wallet/wallet-claims';
export const CLAIM_NOT_APPROVED_MESSAGE = 'Only an approved claim whose credit was refused can be withdrawn';
export const CLAIM_NO_REWARD_MESSAGE = 'This task pays nothing, so there is no credit to claim';

/** 'Sat 28 Nov, 14:05' in UK time. */
export const ukTime = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/** When a claim for an offer started at `startedAt` may be opened. */
export const claimableFrom = (startedAt: string, minAgeHours: number): string =>
  new Date(new Date(startedAt).getTime() + minAgeHours * HOUR_MS).toISOString();

export const claimTooEarlyMessage = (from: string, minAgeHours: number) =>
  `Partners can take a while to report a completion, so you can report missing credit from ${ukTime(from)} (UK time), ${minAgeHours} hours after you started this offer`;

/** `days` business days (Monday to Friday) after `from`, at the same time of day. */
export function addBusinessDays(from: string, days: number): string {
  const date = new Date(from);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return date.toISOString();
}

/** What is missing, in words: the offer's tasks without a credited (non-reversed) earning. */
export function missingTasksText(tasks: readonly Pick<OfferTask, 'eventId' | 'name'>[], creditedTaskIds: readonly string[]): string {
  const credited = new Set(creditedTaskIds);
  const missing = tasks.filter((t) => !credited.has(t.eventId) && !credited.has(t.name));
  if (missing.length === 0) return 'Every task of this offer is credited';
  return `No credit yet for: ${missing.map((t) => t.name).join(', ')}`;
}

export interface ClaimState {
  exists: boolean;
  uid: string | null;
  status: ClaimStatus | null;
  offerId: string | null;
  taskId: string | null;
  rewardPence: number;
  earningId: string | null;
}

export interface ClaimAdmin {
  /** The admin's email (or uid when the account has none), recorded on the event. */
  by: string;
  byUid: string;
}

export type ClaimCommand =
  | {
      type: 'OpenClaim';
      claimId: string;
      uid: string;
      offer: { offerId: string; apiId: string; title: string; tasks: readonly OfferTask[] };
      taskId: string;
      /** The member's first start of the offer, from their offerstarts stream; null when never started. */
      startedAt: string | null;
      minAgeHours: number;
      /** Task ids (or names) already credited to the member for this offer and not reversed. */
      creditedTaskIds: readonly string[];
      callbacks: ClaimCallbackEvidence[];
      note: string;
      evidence: string | null;
      now: string;
    }
  | ({ type: 'MarkClaimWaiting'; claimId: string; note: string | null; now: string } & ClaimAdmin)
  | ({ type: 'ApproveClaim'; claimId: string; reason: string; now: string } & ClaimAdmin)
  | ({ type: 'DeclineClaim'; claimId: string; reason: string; now: string } & ClaimAdmin)
  /**
   * The wallet refused an approved claim's credit for good (the partner paid the task meanwhile, or
   * the account closed): the claim is declined with that reason, so no claim says approved without
   * its money. `refusal` is the wallet decider's message.
   */
  | ({ type: 'WithdrawClaimApproval'; claimId: string; refusal: string; now: string } & ClaimAdmin);

/** What the member reads on a claim whose approved credit the wallet refused. */
export function withdrawnApprovalReason(refusal: string): string {
  if (refusal === CLAIM_CREDITED_SINCE_MESSAGE)
    return 'The partner credited this task while the claim was open, so the task is paid once, by the partner';
  if (refusal === CLAIM_ACCOUNT_CLOSED_MESSAGE) return 'The account was closed before the claim could be credited';
  return `Not credited: ${refusal}`;
}

/** The earning an approved claim credits: one per claim, so crediting it twice is impossible. */
export const claimEarningId = (claimId: string) => `claim-${claimId}`;

export const claimDecider: Decider<ClaimState, ClaimCommand, ClaimEvent> = {
  initialState: () => ({ exists: false, uid: null, status: null, offerId: null, taskId: null, rewardPence: 0, earningId: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'ClaimOpened':
        return {
          ...state,
          exists: true,
          uid: event.data.uid,
          status: 'open',
          offerId: event.data.offerId,
          taskId: event.data.taskId,
          rewardPence: event.data.rewardPence,
        };
      case 'ClaimMarkedWaiting':
        return { ...state, status: 'waiting_partner' };
      case 'ClaimApproved':
        return { ...state, status: 'approved', earningId: event.data.earningId };
      case 'ClaimDeclined':
        return { ...state, status: 'declined' };
    }
  },

  decide(command, state) {
    if (command.type === 'OpenClaim') return decideOpen(command, state);
    if (!state.exists) throw new DomainError(CLAIM_NOT_FOUND, 'not_found');
    const uid = state.uid!;
    // Nobody acts as admin on their own money: a claim moves the member's money.
    assertNotOwnMoney(command.byUid, uid);
    const { claimId, by, byUid, now } = command;
    switch (command.type) {
      case 'MarkClaimWaiting':
        if (state.status === 'waiting_partner') return [];
        if (state.status !== 'open') throw new DomainError(CLAIM_NOT_OPEN_MESSAGE, 'conflict');
        return [{ type: 'ClaimMarkedWaiting', data: { claimId, uid, by, byUid, note: command.note, markedAt: now } }];
      case 'ApproveClaim':
        // A repeated approval (a retry after the credit failed) changes nothing here; the wallet credit is idempotent too.
        if (state.status === 'approved') return [];
        if (state.status === 'declined') throw new DomainError(CLAIM_ALREADY_DECLINED_MESSAGE, 'conflict');
        return [
          {
            type: 'ClaimApproved',
            data: {
              claimId,
              uid,
              earningId: claimEarningId(claimId),
              amountPence: state.rewardPence,
              by,
              byUid,
              reason: command.reason,
              approvedAt: now,
            },
          },
        ];
      case 'DeclineClaim':
        if (state.status === 'approved') throw new DomainError(CLAIM_ALREADY_APPROVED_MESSAGE, 'conflict');
        if (state.status === 'declined') throw new DomainError(CLAIM_ALREADY_DECLINED_MESSAGE, 'conflict');
        return [{ type: 'ClaimDeclined', data: { claimId, uid, by, byUid, reason: command.reason, declinedAt: now } }];
      case 'WithdrawClaimApproval':
        if (state.status === 'declined') return [];
        if (state.status !== 'approved') throw new DomainError(CLAIM_NOT_APPROVED_MESSAGE, 'conflict');
        return [
          { type: 'ClaimDeclined', data: { claimId, uid, by, byUid, reason: withdrawnApprovalReason(command.refusal), declinedAt: now } },
        ];
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  },
};

function decideOpen(command: Extract<ClaimCommand, { type: 'OpenClaim' }>, state: ClaimState): ClaimEvent[] {
  if (state.exists) throw new DomainError(CLAIM_EXISTS_MESSAGE, 'conflict');
  if (!command.startedAt) throw new DomainError(CLAIM_NOT_STARTED_MESSAGE, 'forbidden');
  const task = command.offer.tasks.find((t) => t.eventId === command.taskId);
  if (!task) throw new DomainError(CLAIM_UNKNOWN_TASK_MESSAGE, 'not_found');
  if (task.rewardPence <= 0) throw new DomainError(CLAIM_NO_REWARD_MESSAGE, 'conflict');
  if (command.creditedTaskIds.includes(task.eventId) || command.creditedTaskIds.includes(task.name)) {
    throw new DomainError(CLAIM_ALREADY_CREDITED_MESSAGE, 'conflict');
  }
  const from = claimableFrom(command.startedAt, command.minAgeHours);
  if (Date.parse(command.now) < Date.parse(from)) throw new DomainError(claimTooEarlyMessage(from, command.minAgeHours), 'conflict');
  const { claimId, uid, offer, note, evidence, now } = command;
  return [
    {
      type: 'ClaimOpened',
      data: {
        claimId,
        uid,
        offerId: offer.offerId,
        apiId: offer.apiId,
        offerTitle: offer.title,
        taskId: task.eventId,
        taskName: task.name,
        rewardPence: task.rewardPence,
        startedAt: command.startedAt,
        callbacks: command.callbacks,
        missing: missingTasksText(offer.tasks, command.creditedTaskIds),
        note,
        evidence,
        openedAt: now,
      },
    },
  ];
}

// ---------------------------------------------------------------- one claim per member, offer and task

export interface ClaimTaskState {
  claimId: string | null;
}

export type ClaimTaskCommand =
  | { type: 'HoldClaimTask'; uid: string; offerId: string; taskId: string; claimId: string; now: string }
  | { type: 'ReleaseClaimTask'; uid: string; offerId: string; taskId: string; claimId: string; now: string };

export const claimTaskDecider: Decider<ClaimTaskState, ClaimTaskCommand, ClaimTaskEvent> = {
  initialState: () => ({ claimId: null }),
  evolve(_state, event) {
    return event.type === 'ClaimTaskHeld' ? { claimId: event.data.claimId } : { claimId: null };
  },
  decide(command, state) {
    const { uid, offerId, taskId, claimId, now } = command;
    if (command.type === 'HoldClaimTask') {
      if (state.claimId === claimId) return [];
      if (state.claimId !== null) throw new DomainError(CLAIM_DUPLICATE_MESSAGE, 'conflict');
      return [{ type: 'ClaimTaskHeld', data: { uid, offerId, taskId, claimId, heldAt: now } }];
    }
    if (state.claimId !== claimId) return [];
    return [{ type: 'ClaimTaskReleased', data: { uid, offerId, taskId, claimId, releasedAt: now } }];
  },
};
