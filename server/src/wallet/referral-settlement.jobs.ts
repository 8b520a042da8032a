import type { MemberQualificationLost, MemberQualified, ReferralSettlementJob, StoredEventMessage } from '@playquid/contracts';

// Retried until done: a referrer's wallet may be contended by many friends' settlements at once.
export const REFERRAL_SETTLEMENT_JOB_OPTIONS = {
  attempts: 25,
  backoff: { type: 'exponential', delay: 200 },
  removeOnComplete: { age: 24 * 3_600 },
  removeOnFail: { age: 30 * 24 * 3_600 },
} as const;

const QUALIFICATION_EVENTS = new Set(['MemberQualified', 'MemberQualificationLost']);

/** One settlement per qualification change, jobId = friend and change number, so a replayed page queues it once. */
export const referralSettlementJobs = (page: readonly StoredEventMessage[]) =>
  page
    .filter((m) => QUALIFICATION_EVENTS.has(m.type))
    .map((m) => {
      const { uid, sequence } = m.data as (MemberQualified | MemberQualificationLost)['data'];
      const data: ReferralSettlementJob = { friendUid: uid };
      return { name: 'settle', data, opts: { jobId: `referral-${uid}-${sequence}`, ...REFERRAL_SETTLEMENT_JOB_OPTIONS } };
    });
