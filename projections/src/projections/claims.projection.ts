import { ERASED } from '@playquid/contracts';
import { sql } from 'kysely';
import { Erasures } from '../erasure';
import { defineProjection } from '../projection';
import { TableBatch } from '../table-batch';

/**
 * Missing-credit claims, one row per claim stream. The claim-task streams (one open claim per
 * member, offer and task) are the write side's concern and project nothing.
 */
export const claimsProjection = defineProjection({
  name: 'claims',
  tables: ['claims'],
  async load(trx, events) {
    const claims = new TableBatch('claims', 'id', { uid: (row) => row.uid });
    await claims.load(
      trx,
      events.flatMap((e) => (e.type === 'AccountClosed' ? [] : [e.data.claimId])),
    );
    // Erasures of the rows already stored run before the batch writes its own.
    return { erasures: new Erasures(), claims };
  },
  handlers: {
    // The member's note and evidence are profile data (shredded at closure): they read as erased,
    // as a replay reads them once the key is gone (an absent evidence stays absent).
    AccountClosed: ({ erasures, claims }, d) => {
      erasures.add((trx) =>
        trx
          .updateTable('claims')
          .set({ note: ERASED, evidence: sql<string | null>`case when evidence is null then null else ${ERASED} end` })
          .where('uid', '=', d.uid)
          .where('note', '<>', ERASED)
          .execute(),
      );
      claims.updateWhere('uid', d.uid, (row) => ({ note: ERASED, evidence: row.evidence === null ? null : ERASED }));
    },
    ClaimOpened: ({ claims }, d) =>
      claims.insert({
        id: d.claimId,
        uid: d.uid,
        offer_id: d.offerId,
        api_id: d.apiId,
        offer_title: d.offerTitle,
        task_id: d.taskId,
        task_name: d.taskName,
        reward_pence: d.rewardPence,
        status: 'open',
        started_at: d.startedAt,
        callbacks: d.callbacks,
        missing: d.missing,
        note: d.note,
        evidence: d.evidence,
        opened_at: d.openedAt,
        waiting_at: null,
        decided_at: null,
        decided_by: null,
        decision_reason: null,
        earning_id: null,
        updated_at: d.openedAt,
      }),
    ClaimMarkedWaiting: ({ claims }, d) =>
      claims.update(d.claimId, { status: 'waiting_partner', waiting_at: d.markedAt, updated_at: d.markedAt }),
    ClaimApproved: ({ claims }, d) =>
      claims.update(d.claimId, {
        status: 'approved',
        decided_at: d.approvedAt,
        decided_by: d.by,
        decision_reason: d.reason,
        earning_id: d.earningId,
        updated_at: d.approvedAt,
      }),
    ClaimDeclined: ({ claims }, d) =>
      // earning_id cleared: an approval whose credit the wallet refused is declined after it (WithdrawClaimApproval).
      claims.update(d.claimId, {
        status: 'declined',
        decided_at: d.declinedAt,
        decided_by: d.by,
        decision_reason: d.reason,
        earning_id: null,
        updated_at: d.declinedAt,
      }),
  },
});
