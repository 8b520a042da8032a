import type { PlayQuidEvent, WalletEvent } from '@playquid/contracts';
import { foldStatement, type RecordedWalletEvent } from '@playquid/domain';
import { earningCredited, welcomeBonusGranted } from '@playquid/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRange } from '../apply-range';
import { rebuildProjections } from '../rebuild';
import { migratedTestDatabase } from '../testing/database';
import { asLog, sampleHistory } from '../testing/events';
import { projectionSpec, tableRows } from '../testing/spec';
import { statementProjection } from './statement.projection';

let ctx: Awaited<ReturnType<typeof migratedTestDatabase>>;
beforeAll(async () => {
  ctx = await migratedTestDatabase('statement');
});
afterAll(() => ctx?.close());
const spec = projectionSpec(() => ctx.db, statementProjection);

// asLog records every event at this moment and numbers the ids 1, 2, … by log position.
const RECORDED = '2026-11-22T10:00:00.000Z';
const eventId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const T1 = '2026-11-22T11:00:00.000Z';

const bonus = (uid = 'ana'): WalletEvent => welcomeBonusGranted({ uid, earningId: `bonus-${uid}`, grantedAt: RECORDED });
const credited = (earningId: string, amountPence: number, status: 'pending' | 'approved'): WalletEvent =>
  earningCredited({ uid: 'ana', earningId, amountPence, status, creditedAt: T1 });
const requested = (payoutId: string, amountPence: number): WalletEvent => ({
  type: 'PayoutRequested',
  data: { uid: 'ana', payoutId, amountPence, method: 'tremendous_reward', deliveryMethod: 'email', email: 'ana@example.com', earningIds: [], requestedAt: T1 },
});

/** A row as pg returns it: bigint pence as numbers, times as Dates. */
const row = (n: number, revision: number, values: Record<string, unknown>) => ({
  event_id: eventId(n),
  uid: 'ana',
  revision,
  at: new Date(RECORDED),
  earning_id: null,
  payout_id: null,
  expected_clear_at: null,
  ...values,
});

describe('statement projection', () => {
  it('opens the statement with the welcome bonus', () =>
    spec.given(bonus()).then({
      statement_entries: [
        row(1, 0, {
          kind: 'welcome_bonus',
          reason: 'Welcome bonus',
          available_change_pence: 200,
          pending_change_pence: 0,
          available_balance_pence: 200,
          pending_balance_pence: 0,
          reserved_balance_pence: 0,
          earning_id: 'bonus-ana',
        }),
      ],
    }));

  it('runs the balances on from the member’s previous entry, and shows when pending money should clear', () =>
    spec.given(bonus(), credited('e-1', 80, 'pending'), { type: 'EarningApproved', data: { uid: 'ana', earningId: 'e-1', callbackId: 'cb-a', approvedAt: T1 } }).then({
      statement_entries: [
        expect.objectContaining({ kind: 'welcome_bonus', available_balance_pence: 200 }),
        expect.objectContaining({
          event_id: eventId(2),
          revision: 1,
          kind: 'earning_pending',
          pending_change_pence: 80,
          available_balance_pence: 200,
          pending_balance_pence: 80,
          expected_clear_at: new Date('2026-12-22T11:00:00.000Z'),
        }),
        // The approval does not restate the amount: it comes from the pending entry above.
        expect.objectContaining({ event_id: eventId(3), revision: 2, kind: 'earning_cleared', available_change_pence: 80, pending_change_pence: -80, available_balance_pence: 280, pending_balance_pence: 0 }),
      ],
    }));

  it('keeps the reserve of a payout and lists no entry for its approval', () =>
    spec
      .given(bonus(), requested('p-1', 200), { type: 'PayoutApproved', data: { uid: 'ana', payoutId: 'p-1', approvedBy: 'admin', notes: null, approvedAt: T1 } }, {
        type: 'PayoutProcessed',
        data: { uid: 'ana', payoutId: 'p-1', amountPence: 200, transactionReference: 'BANK-1', notes: 'ok', processedBy: 'admin', processedAt: T1 },
      })
      .then({
        statement_entries: [
          expect.objectContaining({ kind: 'welcome_bonus' }),
          expect.objectContaining({ revision: 1, kind: 'payout_requested', available_change_pence: -200, available_balance_pence: 0, reserved_balance_pence: 200 }),
          expect.objectContaining({ event_id: eventId(4), revision: 3, kind: 'payout_paid', available_change_pence: 0, available_balance_pence: 0, reserved_balance_pence: 0 }),
        ],
      }));

  it('keeps each member to their own running balance', async () => {
    await spec.given(bonus('ana'), bonus('ben'), credited('e-1', 125, 'approved')).then({});
    const rows = await tableRows(ctx.db, 'statement_entries');
    expect(rows.map((r) => [r.uid, r.revision, r.available_balance_pence])).toEqual([
      ['ana', 0, 200],
      ['ben', 0, 200],
      ['ana', 1, 325],
    ]);
  });

  it('equals the statement folded straight from each wallet stream, whether applied live or rebuilt', async () => {
    const history: PlayQuidEvent[] = [...sampleHistory(), requested('p-1', 200), credited('e-9', 45, 'approved')];
    const log = asLog(history);
    await spec.given(...history).then({});
    const live = await tableRows(ctx.db, 'statement_entries');

    await rebuildProjections(ctx.db, [statementProjection], (async function* () {
      yield log;
    })());
    expect(await tableRows(ctx.db, 'statement_entries')).toEqual(live);

    for (const uid of ['ana', 'ben']) {
      const stream = log
        .filter((m) => m.streamId === `wallet-${uid}`)
        .map((m) => ({ type: m.type, data: m.data, id: m.id, revision: m.revision, createdAt: m.createdAt }) as RecordedWalletEvent);
      const folded = foldStatement(stream).entries;
      const projected = live.filter((r) => r.uid === uid);
      expect(projected.map((r) => [r.event_id, r.kind, r.available_balance_pence, r.pending_balance_pence])).toEqual(
        folded.map((e) => [e.event_id, e.kind, e.available_balance_pence, e.pending_balance_pence]),
      );
    }
    // Redelivering the whole log changes nothing (the checkpoint skips it).
    for (const message of log) await applyRange(ctx.db, [statementProjection], [message]);
    expect(await tableRows(ctx.db, 'statement_entries')).toEqual(live);
  });
});
