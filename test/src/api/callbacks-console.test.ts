import type { CallbackRecord } from '@playquid/contracts';
import { signUp, verifyEmail, type EmulatorUser } from '@playquid/scripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registeredMember, uniqueEmail } from '../support/members';
import { sql } from 'kysely';
import { availableBecomes, balanceOf, bearer, makeAdmin, signedPath, walletTypes } from '../support/money';
import { eventually, type Stack, startStack } from '../support/stack';

/**
 * The admin callbacks console against the whole stack. The seeded callbacks are the only ones in
 * this file's database until the reprocess scenario, so the list, filter and stats figures are exact.
 */
let stack: Stack;
let admin: EmulatorUser;
let member: EmulatorUser;
const ids: Record<string, string> = {};

const asAdmin = (path: string) => stack.http.get(path).set('authorization', bearer(admin));
const list = async (query = ''): Promise<CallbackRecord[]> => (await asAdmin(`/api/admin/callbacks${query}`).expect(200)).body.data;
const txs = async (query = '') => (await list(query)).map((c) => c.transaction_id);
const reprocess = (id: string) => stack.http.post(`/api/admin/callbacks/${id}/reprocess`).set('authorization', bearer(admin));

/** Sends a callback and waits for its row to settle (processed, failed or rejected). */
async function send(name: string, status: number, options: Parameters<typeof signedPath>[0], tamper = false) {
  let path = signedPath(options);
  if (tamper) path = path.replace(`val=${options.amount}`, 'val=99.99');
  await stack.http.get(path).expect(status);
  const row = await eventually(() =>
    stack.db
      .selectFrom('callback_log')
      .select('id')
      .where('transaction_id', '=', options.tx!)
      .where((eb) => eb.or([eb('is_processed', '=', true), eb('processing_error', 'is not', null), eb('accepted', '=', false)]))
      .executeTakeFirst(),
  );
  ids[name] = row.id;
}

beforeAll(async () => {
  stack = await startStack();
  admin = await registeredMember(stack, { label: 'admin' });
  await makeAdmin(stack, admin);
  member = await registeredMember(stack);
  // Oldest first; each waits for the one before, so created_at gives a strict newest-first order.
  await send('credit', 200, { uid: member.uid, amount: '1.25', tx: 'o-cc-1', offerId: 'cc-501', offerName: 'Dragon Clash' });
  await send('pending', 200, { uid: member.uid, amount: '2.00', tx: 'o-cc-2', state: 'PENDING', offerId: 'cc-502', offerName: 'Puzzle Quest' });
  await send('reversal', 200, { uid: member.uid, amount: '-1.25', tx: 'or-cc-1', state: 'RECONCILED', ref: 'o-cc-1', offerId: 'cc-501' });
  await send('failed', 200, { uid: 'nobody-cc', amount: '1.00', tx: 'o-cc-3', offerId: 'cc-503', offerName: 'Zombie, "Run"' });
  await send('rejected', 403, { uid: member.uid, amount: '5.00', tx: 'o-cc-forged', offerId: 'cc-504' }, true);
});
afterAll(() => stack?.close());

describe('admin callbacks console: access', () => {
  it('refuses members (403) and visitors (401) on every console route', async () => {
    const paths = [
      '/api/admin/callbacks',
      '/api/admin/callbacks/stats',
      '/api/admin/callbacks/export',
      `/api/admin/callbacks/${ids.credit}`,
      `/api/admin/users/${member.uid}/callbacks`,
      '/api/admin/offers/cc-501/callbacks',
    ];
    for (const path of paths) {
      expect((await stack.http.get(path).set('authorization', bearer(member))).status, path).toBe(403);
      expect((await stack.http.get(path)).status, path).toBe(401);
    }
    expect((await stack.http.post(`/api/admin/callbacks/${ids.failed}/reprocess`).set('authorization', bearer(member))).status).toBe(403);
    expect((await stack.http.post(`/api/admin/callbacks/${ids.failed}/reprocess`)).status).toBe(401);
  });
});

describe('GET /api/admin/callbacks', () => {
  it('lists every callback newest first in the CallbackRecord shape, with paging beside it', async () => {
    const response = await asAdmin('/api/admin/callbacks').expect(200);
    expect(response.body).toMatchObject({ success: true, message: 'Callbacks loaded', page: 1, per_page: 50, total: 5, total_pages: 1 });
    expect(response.body.data.map((c: CallbackRecord) => c.transaction_id)).toEqual(['o-cc-forged', 'o-cc-3', 'or-cc-1', 'o-cc-2', 'o-cc-1']);
    const credit = response.body.data.find((c: CallbackRecord) => c.id === ids.credit);
    expect(credit).toEqual({
      id: ids.credit,
      transaction_id: 'o-cc-1',
      user_id: member.uid,
      offer_id: 'cc-501',
      offer_name: 'Dragon Clash',
      task_id: null,
      user_reward: 1.25,
      user_reward_raw: '1.25',
      raw_payment_usd: 1.625,
      offer_state: 'COMPLETED',
      is_processed: true,
      processed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      processing_error: null,
      accepted: true,
      rejection_reason: null,
      source_ip: expect.any(String),
      callback_hash: expect.stringMatching(/^[0-9a-f]{40}$/),
      raw_parameters: { uid: member.uid, tx: 'o-cc-1', val: '1.25', raw: '1.6250', offer_id: 'cc-501', offer_name: 'Dragon Clash', state: 'COMPLETED', type: 'COMPLETE' },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      unsigned: false,
      triggered_by: null,
      review_status: null,
      reviewed_by: null,
      review_reason: null,
      reviewed_at: null,
    });
    const failed = response.body.data.find((c: CallbackRecord) => c.id === ids.failed);
    expect(failed).toMatchObject({ is_processed: false, processed_at: null, processing_error: 'Unknown member nobody-cc', accepted: true });
    const rejected = response.body.data.find((c: CallbackRecord) => c.id === ids.rejected);
    // A bad hash is no event: it comes from the bounded unsigned list, listed and counted all the same.
    expect(rejected).toMatchObject({ unsigned: true, accepted: false, rejection_reason: 'Invalid hash', is_processed: false, user_reward_raw: '99.99' });
    expect((await list()).find((c) => c.id === ids.reversal)).toMatchObject({ user_reward: -1.25, offer_state: 'RECONCILED', is_processed: true });
  });

  it('filters by state, processing status, user, offer and a case-insensitive search', async () => {
    expect(await txs('?state=PENDING')).toEqual(['o-cc-2']);
    expect(await txs('?state=reconciled')).toEqual(['or-cc-1']);
    expect(await txs('?processed=false')).toEqual(['o-cc-forged', 'o-cc-3']);
    expect(await txs('?processed=true&state=COMPLETED')).toEqual(['o-cc-1']);
    expect(await txs(`?user_id=${member.uid}`)).toEqual(['o-cc-forged', 'or-cc-1', 'o-cc-2', 'o-cc-1']);
    expect(await txs('?offer_id=cc-501')).toEqual(['or-cc-1', 'o-cc-1']);
    expect(await txs('?search=dRaGoN')).toEqual(['o-cc-1']);
    expect(await txs('?search=O-CC-2')).toEqual(['o-cc-2']);
    expect(await txs('?search=NOBODY')).toEqual(['o-cc-3']);
    expect(await txs('?search=100%25')).toEqual([]); // % is a literal character, not a wildcard
  });

  it('ignores empty filters and refuses malformed ones with clear messages', async () => {
    expect(await txs('?state=&processed=&user_id=&offer_id=&search=%20')).toHaveLength(5);
    const badState = await asAdmin('/api/admin/callbacks?state=DONE').expect(400);
    expect(badState.body.message).toBe('state must be one of COMPLETED, PENDING, RECONCILED, NONE');
    expect((await asAdmin('/api/admin/callbacks?processed=yes').expect(400)).body.message).toBe("processed must be 'true' or 'false'");
    expect((await asAdmin('/api/admin/callbacks?per_page=101').expect(400)).body.message).toBe('per_page must be a whole number between 1 and 100');
  });

  it('pages', async () => {
    const first = await asAdmin('/api/admin/callbacks?per_page=2').expect(200);
    expect(first.body).toMatchObject({ page: 1, per_page: 2, total: 5, total_pages: 3 });
    expect(first.body.data.map((c: CallbackRecord) => c.transaction_id)).toEqual(['o-cc-forged', 'o-cc-3']);
    const last = await asAdmin('/api/admin/callbacks?per_page=2&page=3').expect(200);
    expect(last.body.data.map((c: CallbackRecord) => c.transaction_id)).toEqual(['o-cc-1']);
    expect((await asAdmin('/api/admin/callbacks?per_page=2&page=4').expect(200)).body.data).toEqual([]);
  });

  it('lists one member or one offer at /admin/users/{id}/callbacks and /admin/offers/{id}/callbacks', async () => {
    const byUser = await asAdmin(`/api/admin/users/${member.uid}/callbacks?per_page=3`).expect(200);
    expect(byUser.body).toMatchObject({ success: true, page: 1, per_page: 3, total: 4, total_pages: 2 });
    expect(byUser.body.data.every((c: CallbackRecord) => c.user_id === member.uid)).toBe(true);
    const byOffer = await asAdmin('/api/admin/offers/cc-501/callbacks?processed=true').expect(200);
    expect(byOffer.body.data.map((c: CallbackRecord) => c.transaction_id)).toEqual(['or-cc-1', 'o-cc-1']);
    expect((await asAdmin('/api/admin/offers/no-such-offer/callbacks').expect(200)).body).toMatchObject({ data: [], total: 0, total_pages: 1 });
  });
});

describe('GET /api/admin/callbacks/{id}', () => {
  it('returns the full callback as data.callback, and 404 for an unknown id', async () => {
    const response = await asAdmin(`/api/admin/callbacks/${ids.failed}`).expect(200);
    expect(response.body).toMatchObject({ success: true, data: { callback: { id: ids.failed, transaction_id: 'o-cc-3', offer_name: 'Zombie, "Run"' } } });
    expect(response.body.data.callback).toEqual((await list()).find((c) => c.id === ids.failed));
    expect(response.body.data.callback.raw_parameters).toMatchObject({ uid: 'nobody-cc', offer_name: 'Zombie, "Run"' });
    const missing = await asAdmin('/api/admin/callbacks/00000000-0000-0000-0000-000000000000').expect(404);
    expect(missing.body).toMatchObject({ success: false, message: 'Callback not found' });
  });
});

describe('GET /api/admin/callbacks/stats', () => {
  it('counts the callbacks and gives (processed - failed) / total as the success rate', async () => {
    const response = await asAdmin('/api/admin/callbacks/stats').expect(200);
    expect(response.body).toMatchObject({ success: true });
    expect(response.body.data.stats).toEqual({
      total_callbacks: 5,
      recent_callbacks_24h: 5,
      processed_callbacks: 3,
      unprocessed_callbacks: 0,
      failed_callbacks: 1,
      success_rate: 40,
      completed_callbacks: 2,
      pending_callbacks: 1,
      reconciled_callbacks: 1,
      rejected_callbacks: 1,
      unsigned_rejected_callbacks: 1,
      held_callbacks: 0,
    });
  });
});

describe('GET /api/admin/callbacks/export', () => {
  it('downloads the filtered callbacks as CSV with a header row and escaped values', async () => {
    const response = await asAdmin('/api/admin/callbacks/export?offer_id=cc-503&page=9').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="callbacks-.*\.csv"$/);
    const lines = response.text.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'id,created_at,transaction_id,user_id,offer_id,offer_name,task_id,user_reward,raw_payment_usd,offer_state,status,' +
        'is_processed,processed_at,processing_error,accepted,rejection_reason,source_ip,callback_hash,raw_parameters,' +
        'unsigned,triggered_by,review_status,reviewed_by,review_reason',
    );
    expect(lines).toHaveLength(2); // the filter applies, paging does not
    expect(lines[1]).toContain(`${ids.failed},`);
    expect(lines[1]).toContain(',"Zombie, ""Run""",');
    expect(lines[1]).toContain(',1,1.3,COMPLETED,Failed,false,,Unknown member nobody-cc,true,,');
  });

  it('exports every callback newest first without filters', async () => {
    const response = await asAdmin('/api/admin/callbacks/export').expect(200);
    const rows = response.text.trimEnd().split('\n').slice(1);
    expect(rows.map((line) => line.split(',')[2])).toEqual(['o-cc-forged', 'o-cc-3', 'or-cc-1', 'o-cc-2', 'o-cc-1']);
  });
});

describe('POST /api/admin/callbacks/{id}/reprocess', () => {
  it('refuses a processed callback, a rejected one and an unknown id', async () => {
    const processed = await reprocess(ids.credit).expect(409);
    expect(processed.body.message).toBe('Callback has already been processed; only a callback with a processing error can be reprocessed');
    const rejected = await reprocess(ids.rejected).expect(409);
    expect(rejected.body.message).toBe('Callback was rejected at intake (Invalid hash) and cannot be reprocessed');
    expect((await reprocess('no-such-callback').expect(404)).body.message).toBe('Callback not found');
  });

  it('credits a callback that failed for an unknown member exactly once, after the member registers', async () => {
    // An emulator account that has not registered with us yet: its uid is unknown to PlayQuid.
    const email = uniqueEmail('late');
    const late = await signUp(email, PASSWORD);
    await send('late', 200, { uid: late.uid, amount: '1.50', tx: 'o-cc-late', offerName: 'Late Game' });
    const failedRow = await asAdmin(`/api/admin/callbacks/${ids.late}`).expect(200);
    expect(failedRow.body.data.callback).toMatchObject({ is_processed: false, processing_error: `Unknown member ${late.uid}` });

    // Its cause is not fixed yet: the retry fails the same way and says so.
    const tooEarly = await reprocess(ids.late).expect(422);
    expect(tooEarly.body).toMatchObject({ success: false, message: `Unknown member ${late.uid}` });

    const verified = await verifyEmail(email, PASSWORD);
    await stack.http.post('/api/auth/register').set('authorization', bearer(verified)).send({ email, gender: 'male' }).expect(200);
    await availableBecomes(stack, verified, 200);

    const response = await reprocess(ids.late).expect(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Callback reprocessed successfully!',
      data: { callback_id: ids.late, transaction_id: 'o-cc-late', outcome: 'processed', detail: 'credited_approved', earning_id: expect.any(String) },
    });
    await availableBecomes(stack, verified, 350);

    const again = await reprocess(ids.late).expect(409);
    expect(again.body.message).toBe('Callback has already been processed; only a callback with a processing error can be reprocessed');

    // The failure stays in history; the success is a new event after it.
    const stream = await stack.store.readStream('callback-o-cc-late');
    expect(stream.map((e) => e.type)).toEqual(['CallbackReceived', 'CallbackProcessingFailed', 'CallbackProcessed']);
    expect(stream[1].data).toMatchObject({ error: `Unknown member ${late.uid}` });
    expect(await walletTypes(stack, late.uid)).toEqual(['WelcomeBonusGranted', 'EarningCredited', 'MemberQualified']);
    const row = await eventually(async () => {
      const c = (await asAdmin(`/api/admin/callbacks/${ids.late}`).expect(200)).body.data.callback as CallbackRecord;
      return c.is_processed ? c : undefined;
    });
    expect(row).toMatchObject({ processing_error: null, processed_at: expect.any(String) });
    await availableBecomes(stack, verified, 350);
  });
});

describe('credits held for review (above REVIEW_CREDIT_PENCE, £50 by default)', () => {
  const review = (id: string, decision: 'approve' | 'reject', body: object) =>
    stack.http.post(`/api/admin/callbacks/${id}/review/${decision}`).set('authorization', bearer(admin)).send(body);

  it('holds a £60 credit as pending, not withdrawable, until an admin approves it with a reason', async () => {
    const whale = await registeredMember(stack);
    await send('held', 200, { uid: whale.uid, amount: '60.00', tx: 'o-cc-held-1', offerName: 'Whale Quest' });
    const held = await eventually(async () => {
      const c = (await asAdmin(`/api/admin/callbacks/${ids.held}`).expect(200)).body.data.callback as CallbackRecord;
      return c.review_status === 'held' ? c : undefined;
    });
    expect(held).toMatchObject({ is_processed: true, review_status: 'held', reviewed_by: null });
    expect(await txs('?review=held')).toEqual(['o-cc-held-1']);
    expect(await balanceOf(stack, whale)).toMatchObject({ available_pence: 200, pending_pence: 6_000 });
    // BitLabs confirming the transaction does not release it: only an admin does.
    await stack.http.get(signedPath({ uid: whale.uid, amount: '60.00', tx: 'o-cc-held-1', state: 'COMPLETED', raw: '78.0000' })).expect(200);

    expect((await review(ids.held, 'approve', {}).expect(400)).body.message).toBe('A reason is required to review a held credit');
    expect((await stack.http.post(`/api/admin/callbacks/${ids.held}/review/approve`).set('authorization', bearer(member)).send({ reason: 'x' })).status).toBe(403);
    const approved = await review(ids.held, 'approve', { reason: 'Confirmed with BitLabs support' }).expect(200);
    expect(approved.body).toEqual({
      success: true,
      message: 'Held credit approved',
      data: {
        callback_id: ids.held,
        earning_id: expect.any(String),
        user_id: whale.uid,
        amount_pence: 6_000,
        review_status: 'approved',
        reviewed_by: admin.email,
        reason: 'Confirmed with BitLabs support',
      },
    });
    await availableBecomes(stack, whale, 6_200);
    expect(await walletTypes(stack, whale.uid)).toEqual(['WelcomeBonusGranted', 'EarningCredited', 'EarningReviewApproved', 'MemberQualified']);
    const row = await eventually(async () => {
      const c = (await asAdmin(`/api/admin/callbacks/${ids.held}`).expect(200)).body.data.callback as CallbackRecord;
      return c.review_status === 'approved' ? c : undefined;
    });
    expect(row).toMatchObject({ reviewed_by: admin.email, review_reason: 'Confirmed with BitLabs support' });
    expect((await review(ids.held, 'reject', { reason: 'Too late' }).expect(409)).body.message).toMatch(/is not held for review \(it is approved\)/);
    expect((await review('no-such-callback', 'approve', { reason: 'x' }).expect(404)).body.message).toBe('Callback not found');
    expect((await review(ids.credit, 'approve', { reason: 'x' }).expect(409)).body.message).toMatch(/is not held for review/);
  });

  it('never makes a rejected held credit available', async () => {
    const whale = await registeredMember(stack);
    await send('heldRejected', 200, { uid: whale.uid, amount: '75.00', tx: 'o-cc-held-2' });
    await eventually(async () => ((await balanceOf(stack, whale)).pending_pence === 7_500 ? true : undefined));
    await eventually(async () => ((await txs('?review=held')).includes('o-cc-held-2') ? true : undefined));
    const rejected = await review(ids.heldRejected, 'reject', { reason: 'Offer not completed' }).expect(200);
    expect(rejected.body.data).toMatchObject({ review_status: 'rejected', amount_pence: 7_500, reviewed_by: admin.email });
    await eventually(async () => ((await balanceOf(stack, whale)).pending_pence === 0 ? true : undefined));
    expect(await balanceOf(stack, whale)).toMatchObject({ available_pence: 200, pending_pence: 0 });
    expect((await stack.store.readStream(`wallet-${whale.uid}`)).map((e) => e.type)).toEqual(['WelcomeBonusGranted', 'EarningCredited', 'EarningReviewRejected']);
    expect((await review(ids.heldRejected, 'approve', { reason: 'Changed my mind' }).expect(409)).body.message).toMatch(/is not held for review/);
  });
});

describe('GET /api/admin/callbacks/export: the cap', () => {
  it('refuses with 400 naming the cap when the filter matches more than 50,000 callbacks', async () => {
    // Rows straight into the read table: the cap is about what the export reads, not how rows got there.
    await sql`insert into callbacks (id, accepted, is_processed, raw_parameters, created_at, offer_id)
      select 'bulk-' || n, true, true, '{}'::jsonb, now() - interval '1 day', 'cc-bulk' from generate_series(1, 50001) n`.execute(stack.db);
    const response = await asAdmin('/api/admin/callbacks/export?offer_id=cc-bulk').expect(400);
    expect(response.body).toMatchObject({
      success: false,
      message: 'The export is limited to 50,000 callbacks and this filter matches 50,001; narrow it (state, processed, review, user, offer or search) and export again',
    });
    await asAdmin('/api/admin/callbacks/export?offer_id=cc-501').expect(200);
  });
});
