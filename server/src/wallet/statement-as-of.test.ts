import { streams, type StatementData, type StatementEntry, type WalletEvent } from '@playquid/contracts';
import {
  EMPTY_STATEMENT_BALANCES,
  foldStatement,
  type RecordedWalletEvent,
  type StatementBalances,
  statementEntryFor,
} from '@playquid/domain';
import { createReadDb, createTestDatabase, type DB, type TestDatabase } from '@playquid/read-db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config/app-config';
import type { RecordedEvent } from '../event-store/event-store';
import { InMemoryEventStore } from '../event-store/in-memory-event-store';
import type { MemberRowCache } from '../infra/member-row-cache';
import { WalletRepository } from './wallet.repository';
import { WalletService } from './wallet.service';

/**
 * An `as_of` statement is read from the statement rows (plus the log's events the statement
 * projection has not written yet), not folded from the whole wallet stream: it must say exactly
 * what the fold of the whole stream says, for any moment, whole or a page at a time.
 */
let database: TestDatabase;
let db: Kysely<DB>;
const START = Date.UTC(2026, 0, 1);
let clock = START;
let step = 1000;
const store = new InMemoryEventStore({ now: () => new Date((clock += step)) });
const UID = 'as-of-member';
const EVENTS = 240;
/** The statement projection has written the rows of the first PROJECTED events only. */
const PROJECTED = 200;

const iso = (ms: number) => new Date(ms).toISOString();

/** A varied wallet history: credits pending and approved, approvals, reversals, payouts and events that move no money. */
function history(): WalletEvent[] {
  const events: WalletEvent[] = [
    { type: 'WelcomeBonusGranted', data: { uid: UID, earningId: 'bonus', amountPence: 200, grantedAt: iso(START) } },
  ];
  const pending: string[] = [];
  for (let i = 0; events.length < EVENTS; i++) {
    const at = iso(START + i * 1000);
    if (i % 11 === 5 && pending.length > 0) {
      events.push({ type: 'EarningApproved', data: { uid: UID, earningId: pending.shift()!, callbackId: `a${i}`, approvedAt: at } });
    } else if (i % 17 === 9 && pending.length > 0) {
      const earningId = pending.shift()!;
      events.push({
        type: 'EarningReversed',
        data: {
          uid: UID,
          earningId,
          callbackId: `r${i}`,
          amountPence: 10 + ((i - 1) % 9),
          fromStatus: 'pending',
          reason: 'Reversed by BitLabs',
          reversedAt: at,
        },
      } as WalletEvent);
    } else if (i % 23 === 13) {
      events.push({
        type: 'PayoutRequested',
        data: {
          uid: UID,
          payoutId: `p${i}`,
          amountPence: 100,
          method: 'reward',
          deliveryMethod: 'email',
          email: null,
          earningIds: [],
          requestedAt: at,
        },
      } as unknown as WalletEvent);
      events.push({
        type: 'PayoutCancelled',
        data: {
          uid: UID,
          payoutId: `p${i}`,
          amountPence: 100,
          reason: 'Changed my mind',
          cancelledBy: UID,
          byAdmin: false,
          cancelledAt: at,
        },
      });
    } else if (i % 29 === 3) {
      events.push({ type: 'MemberQualified', data: { uid: UID, qualifiedAt: at } } as unknown as WalletEvent);
    } else {
      const status = i % 3 === 0 ? 'approved' : 'pending';
      const earningId = `e${i}`;
      if (status === 'pending') pending.push(earningId);
      events.push({
        type: 'EarningCredited',
        data: {
          uid: UID,
          earningId,
          callbackId: `c${i}`,
          transactionId: `t${i}`,
          offerId: 'o1',
          offerName: 'Dragon Clash',
          taskId: null,
          taskName: null,
          amountPence: 10 + (i % 9),
          rawUsd: null,
          status,
          creditedAt: at,
        },
      } as WalletEvent);
    }
  }
  return events.slice(0, EVENTS);
}

const toWalletEvent = (e: RecordedEvent): RecordedWalletEvent =>
  ({ type: e.type, data: e.data, id: e.id, revision: Number(e.revision), createdAt: e.createdAt.toISOString() }) as RecordedWalletEvent;

/** The statement rows of a prefix of the stream, as the statement projection writes them. */
async function project(events: readonly RecordedWalletEvent[]) {
  let balances: StatementBalances = { ...EMPTY_STATEMENT_BALANCES };
  const pendingAmounts = new Map<string, number>();
  for (const event of events) {
    const cleared = event.type === 'EarningApproved' ? pendingAmounts.get(event.data.earningId) : undefined;
    const next = statementEntryFor(event, balances, cleared);
    if (!next) continue;
    const { entry, after } = next;
    await db
      .insertInto('statement_entries')
      .values({ ...entry, uid: UID, reserved_balance_pence: after.reservedPence })
      .execute();
    if (entry.kind === 'earning_pending' && entry.earning_id) pendingAmounts.set(entry.earning_id, entry.pending_change_pence);
    balances = after;
  }
}

let recorded: RecordedWalletEvent[] = [];
let service: WalletService;

beforeAll(async () => {
  database = await createTestDatabase('statementasof', { migrated: true });
  db = createReadDb({ connectionString: database.url, max: 2 });
  // Mostly a second apart, some events in the same millisecond as the one before.
  for (const [i, event] of history().entries()) {
    step = i % 7 === 4 ? 0 : 1000;
    await store.appendToStream(streams.wallet(UID), [event]);
  }
  recorded = (await store.readStream(streams.wallet(UID))).map(toWalletEvent);
  await project(recorded.slice(0, PROJECTED));
  const cache = { get: (_uid: string, _key: string, load: () => unknown) => load() } as unknown as MemberRowCache;
  service = new WalletService(new WalletRepository(db, cache), store, { minPayoutPence: 79 } as AppConfig, db);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** Moments to look at: before the first event, at and between events, around the last written row, after the last event. */
function moments(): string[] {
  const times = recorded.map((e) => Date.parse(e.createdAt));
  const picks = [START - 60_000, times[0], times[0] + 500];
  for (let i = 1; i < times.length; i += 13) picks.push(times[i], times[i] - 1, times[i] + 1);
  for (const i of [PROJECTED - 2, PROJECTED - 1, PROJECTED, PROJECTED + 1]) picks.push(times[i], times[i] + 500);
  picks.push(times.at(-1)!, times.at(-1)! + 5000);
  return [...new Set(picks)].map(iso);
}

/** The page the fold gives, with the page rule for 'expected to clear by': gone once a later entry of the view settles it. */
function foldPage(whole: StatementData, page: number, perPage: number): StatementEntry[] {
  const end = Math.max(0, whole.entries.length - (page - 1) * perPage);
  const settled = new Set(
    whole.entries.filter((e) => ['earning_approved', 'earning_cleared', 'earning_reversed'].includes(e.kind)).map((e) => e.earning_id),
  );
  return whole.entries
    .slice(Math.max(0, end - perPage), end)
    .map((e) => (e.kind === 'earning_pending' && settled.has(e.earning_id) ? { ...e, expected_clear_at: null } : e));
}

describe('as_of statement from the statement rows', () => {
  it('equals the fold of the whole stream at every moment: before the first event, at and between events, before and after the last written row', async () => {
    const checked = moments();
    expect(checked.length).toBeGreaterThan(40);
    for (const asOf of checked) {
      expect(await service.statement(UID, asOf), asOf).toEqual(foldStatement(recorded, asOf));
    }
  });

  it('pages the same entries and balances as the whole fold, newest page first', async () => {
    const perPage = 17;
    for (const asOf of moments().filter((_, i) => i % 4 === 0)) {
      const whole = foldStatement(recorded, asOf);
      const pages = Math.max(1, Math.ceil(whole.entries.length / perPage));
      for (const page of [1, 2, Math.ceil(pages / 2), pages, pages + 1]) {
        const got = await service.statement(UID, asOf, { page, perPage });
        expect(got.entries, `${asOf} page ${page}`).toEqual(foldPage(whole, page, perPage));
        expect(got).toMatchObject({
          available_pence: whole.available_pence,
          pending_pence: whole.pending_pence,
          reserved_pence: whole.reserved_pence,
          as_of: whole.as_of,
          total: whole.entries.length,
          total_pages: pages,
        });
      }
    }
  });
});
