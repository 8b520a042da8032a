import type { EmulatorUser } from '@playquid/scripts';
import { Clock } from '@playquid/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registeredMember } from '../support/members';
import { availableBecomes, balanceOf, bearer, earn, makeAdmin, signedPath } from '../support/money';
import { offerIdOf, type OffersStack, startOffersStack } from '../support/offers';
import { eventually, type Stack } from '../support/stack';

let env: OffersStack;
let stack: Stack;
let member: EmulatorUser;
let other: EmulatorUser;
let admin: EmulatorUser;
let secondAdmin: EmulatorUser;
let tasks: Array<{ event_id: string; name: string; payout_pence: number }>;
let claimId: string;

const HOUR_MS = 3_600_000;
/** Moves the write side's clock (commands are stamped with it) this many hours past the wall clock. */
const advanceClock = (hours: number) => {
  const clock = stack.app.get(Clock);
  vi.spyOn(clock, 'now').mockImplementation(() => new Date(Date.now() + hours * HOUR_MS));
};

beforeAll(async () => {
  delete process.env.CLAIM_MIN_AGE_HOURS; // the default: 24 hours
  process.env.CLAIM_ANSWER_BUSINESS_DAYS = '5';
  env = await startOffersStack();
  stack = env.stack;
  [member, other, admin, secondAdmin] = await Promise.all([
    registeredMember(stack, { label: 'claimer' }),
    registeredMember(stack, { label: 'claim-other' }),
    registeredMember(stack, { label: 'claim-admin' }),
    registeredMember(stack, { label: 'claim-admin2' }),
  ]);
  await Promise.all([makeAdmin(stack, admin), makeAdmin(stack, secondAdmin)]);
  tasks = (await stack.http.get('/api/offers/5011').expect(200)).body.data.offer.events;
  // The member's first task is credited by BitLabs; the second one never is.
  await earn(stack, member, (tasks[0].payout_pence / 100).toFixed(2), { tx: `claim-t1-${member.uid}`, offerId: '5011', offerName: 'Dragon Clash', taskName: tasks[0].name } as Parameters<typeof earn>[3]);
});
afterAll(() => env?.close());

const as = (user: EmulatorUser | null) => ({
  get: (path: string) => (user ? stack.http.get(path).set('authorization', bearer(user)) : stack.http.get(path)),
  post: (path: string, body: object = {}) => (user ? stack.http.post(path).set('authorization', bearer(user)) : stack.http.post(path)).send(body),
});
const claimBody = (task: number, overrides: object = {}) => ({ offer_id: '5011', task_id: tasks[task].event_id, note: 'Reached the level on Tuesday evening', evidence: 'Player id DC-7781', ...overrides });
const claimRows = async (uid: string) => stack.db.selectFrom('claims').selectAll().where('uid', '=', uid).execute();
/** Events on the member's claim-task streams of the offer (one per task). */
const claimTaskEvents = async (uid: string) => {
  const offerId = await offerIdOf(stack, '5011');
  return (await Promise.all(tasks.map((t) => stack.store.readStream(`claimtask-${uid}:${offerId}:${t.event_id}`)))).flat().length;
};

describe('POST /api/users/claims: refusals write nothing', () => {
  it('refuses an offer the member never started (403)', async () => {
    const response = await as(member).post('/api/users/claims', claimBody(1)).expect(403);
    expect(response.body.message).toBe('You can only report missing credit for an offer you started');
  });

  it('refuses too early: before 24 hours after the start, saying from when', async () => {
    await as(member).post('/api/offers/5011/start').expect(200);
    const response = await as(member).post('/api/users/claims', claimBody(1)).expect(409);
    expect(response.body.message).toMatch(/^Partners can take a while to report a completion, so you can report missing credit from .+ \(UK time\), 24 hours after you started this offer$/);
  });

  it('refuses bad input with 400 and a message per field', async () => {
    const missing = await as(member).post('/api/users/claims', { offer_id: '5011' }).expect(400);
    expect(missing.body.errors).toEqual(expect.arrayContaining(['task_id is required', 'note is required']));
    const hostile = await as(member).post('/api/users/claims', claimBody(1, { note: 'Done \u202Egpj.exe', evidence: 'x'.repeat(2001) })).expect(400);
    expect(hostile.body.errors).toEqual(
      expect.arrayContaining(['note must not contain invisible or text-direction control characters', 'evidence must be at most 2000 characters']),
    );
    expect((await as(member).post('/api/users/claims', claimBody(1, { offer_id: 'no-such-offer' })).expect(404)).body.message).toBe('Offer not found');
    expect((await as(member).post('/api/users/claims', claimBody(1, { task_id: 'no-such-task' })).expect(404)).body.message).toBe('This offer has no such task');
    await as(null).post('/api/users/claims', claimBody(1)).expect(401);
    expect(await claimRows(member.uid)).toEqual([]);
    expect(await claimTaskEvents(member.uid)).toBe(0);
  });
});

describe('a claim from start to credit', () => {
  it('opens a claim a day after the start, pre-filled from our log', async () => {
    advanceClock(25);
    const credited = await as(member).post('/api/users/claims', claimBody(0)).expect(409);
    expect(credited.body.message).toBe('This task is already credited to you; nothing is missing');

    const response = await as(member).post('/api/users/claims', claimBody(1)).expect(201);
    expect(response.body.message).toBe('Claim sent. We compare it with our log and the partner’s records and answer on this page.');
    const claim = response.body.data.claim;
    claimId = claim.id;
    expect(claim).toMatchObject({
      status: 'open',
      offer_title: 'Dragon Clash',
      task_id: tasks[1].event_id,
      task_name: tasks[1].name,
      amount_pence: tasks[1].payout_pence,
      note: 'Reached the level on Tuesday evening',
      evidence: 'Player id DC-7781',
    });
    expect(claim.callbacks).toEqual([expect.objectContaining({ taskName: tasks[0].name, state: 'COMPLETED', rewardPence: tasks[0].payout_pence })]);
    expect(claim.missing).toContain(tasks[1].name);
    expect(claim.missing).not.toContain(tasks[0].name);
    expect(Date.parse(claim.answer_by)).toBeGreaterThan(Date.parse(claim.opened_at));
  });

  it('refuses a second claim for the same task while one is open', async () => {
    const response = await as(member).post('/api/users/claims', claimBody(1)).expect(409);
    expect(response.body.message).toBe('You already have a claim for this task that is open or approved');
  });

  it('lists the member’s claims and shows one, never another member’s', async () => {
    const list = await eventually(async () => {
      const body = (await as(member).get('/api/users/claims').expect(200)).body;
      // The rows and the total are read side by side: wait until both have seen the projected claim.
      return body.total === 1 && body.data.length === 1 ? body : undefined;
    });
    expect(list).toMatchObject({ success: true, message: 'Claims loaded', page: 1, total: 1, answer_business_days: 5 });
    expect(list.data[0]).toMatchObject({ id: claimId, status: 'open' });
    expect((await as(member).get(`/api/users/claims/${claimId}`).expect(200)).body.data.claim.id).toBe(claimId);
    expect((await as(other).get(`/api/users/claims/${claimId}`).expect(404)).body.message).toBe('Claim not found');
    expect((await as(other).get('/api/users/claims').expect(200)).body.total).toBe(0);
    await as(member).get('/api/users/claims?per_page=500').expect(400);
  });

  it('refuses visitors (401) and members (403) on every admin claims call', async () => {
    const calls = (user: EmulatorUser | null) => [
      as(user).get('/api/admin/claims'),
      as(user).get('/api/admin/claims/export'),
      as(user).get(`/api/admin/claims/${claimId}`),
      as(user).post(`/api/admin/claims/${claimId}/waiting`),
      as(user).post(`/api/admin/claims/${claimId}/approve`, { reason: 'x' }),
      as(user).post(`/api/admin/claims/${claimId}/decline`, { reason: 'x' }),
    ];
    for (const response of await Promise.all(calls(member))) expect(response.status).toBe(403);
    for (const response of await Promise.all(calls(null))) expect(response.status).toBe(401);
  });

  it('shows admins the queue with filters and the evidence side by side', async () => {
    const open = (await as(admin).get('/api/admin/claims?status=open&search=dragon').expect(200)).body;
    expect(open.data.map((c: { id: string }) => c.id)).toContain(claimId);
    expect(open.data.find((c: { id: string }) => c.id === claimId)).toMatchObject({ user_email: member.email, decided_by: null });
    expect((await as(admin).get('/api/admin/claims?status=approved').expect(200)).body.total).toBe(0);
    expect((await as(admin).get('/api/admin/claims?status=lost').expect(400)).body.errors).toEqual(['status must be one of open, waiting_partner, approved, declined']);

    const detail = (await as(admin).get(`/api/admin/claims/${claimId}`).expect(200)).body.data;
    expect(detail.start).toMatchObject({ start_count: 1 });
    expect(detail.callbacks).toEqual([expect.objectContaining({ task_name: tasks[0].name, state: 'COMPLETED', processed: true })]);
    expect(detail.others).toEqual({ completions: 0, recent: [] });
    expect((await as(admin).get('/api/admin/claims/nope').expect(404)).body.message).toBe('Claim not found');
  });

  it('marks the claim waiting on the partner, then approves it: credited through the wallet as source claim', async () => {
    await as(admin).post(`/api/admin/claims/${claimId}/waiting`, { note: 'Asked BitLabs on the partner portal' }).expect(200);
    await eventually(async () => ((await as(member).get(`/api/users/claims/${claimId}`)).body.data?.claim.status === 'waiting_partner' ? true : undefined));

    const before = (await balanceOf(stack, member)).available_pence;
    expect((await as(admin).post(`/api/admin/claims/${claimId}/approve`, {}).expect(400)).body.errors).toEqual(['reason is required']);
    const approved = await as(admin).post(`/api/admin/claims/${claimId}/approve`, { reason: 'BitLabs confirmed the completion' }).expect(200);
    expect(approved.body).toMatchObject({
      message: 'Claim approved and credited to the member',
      data: { status: 'approved', earning_id: `claim-${claimId}`, amount_pence: tasks[1].payout_pence, credited: true },
    });
    await availableBecomes(stack, member, before + tasks[1].payout_pence);
    // A repeated approval credits nothing twice.
    expect((await as(secondAdmin).post(`/api/admin/claims/${claimId}/approve`, { reason: 'again' }).expect(200)).body.data.credited).toBe(false);
    const credit = (await stack.store.readStream(`wallet-${member.uid}`)).find((e) => e.type === 'EarningCredited' && (e.data as { source?: string }).source === 'claim');
    expect(credit?.data).toMatchObject({ source: 'claim', claimId, approvedBy: admin.email, approvedByUid: admin.uid, reason: 'BitLabs confirmed the completion', status: 'approved' });
    await availableBecomes(stack, member, before + tasks[1].payout_pence);

    const shown = await eventually(async () => {
      const claim = (await as(member).get(`/api/users/claims/${claimId}`)).body.data.claim;
      return claim.status === 'approved' ? claim : undefined;
    });
    expect(shown).toMatchObject({ decision_reason: 'BitLabs confirmed the completion', earning_id: `claim-${claimId}` });
    const statement = (await as(member).get('/api/users/statement').expect(200)).body.data;
    expect(JSON.stringify(statement)).toContain('missing-credit claim approved: BitLabs confirmed the completion');

    expect((await as(admin).post(`/api/admin/claims/${claimId}/decline`, { reason: 'Changed my mind' }).expect(409)).body.message).toBe(
      'This claim is approved and credited; it can no longer be declined',
    );
  });
});

describe('admins and their own account', () => {
  let ownClaim: string;

  it('refuses an admin approving or declining their own claim (403), writing nothing', async () => {
    advanceClock(0);
    await as(admin).post('/api/offers/5011/start').expect(200);
    advanceClock(25);
    ownClaim = (await as(admin).post('/api/users/claims', claimBody(1, { note: 'My own missing level' })).expect(201)).body.data.claim.id;
    const own = 'Admins cannot act on their own money; another admin must do this';
    expect((await as(admin).post(`/api/admin/claims/${ownClaim}/approve`, { reason: 'mine' }).expect(403)).body.message).toBe(own);
    expect((await as(admin).post(`/api/admin/claims/${ownClaim}/decline`, { reason: 'mine' }).expect(403)).body.message).toBe(own);
    expect((await as(admin).post(`/api/admin/claims/${ownClaim}/waiting`).expect(403)).body.message).toBe(own);
    expect((await stack.store.readStream(`claim-${ownClaim}`)).map((e) => e.type)).toEqual(['ClaimOpened']);
  });

  it('another admin declines it with a reason the member sees; the task may then be claimed again', async () => {
    await as(secondAdmin).post(`/api/admin/claims/${ownClaim}/decline`, { reason: 'BitLabs has no install from your device' }).expect(200);
    const declined = await eventually(async () => {
      const claim = (await as(admin).get(`/api/users/claims/${ownClaim}`)).body.data?.claim;
      return claim?.status === 'declined' ? claim : undefined;
    });
    expect(declined.decision_reason).toBe('BitLabs has no install from your device');
    expect((await as(secondAdmin).post(`/api/admin/claims/${ownClaim}/approve`, { reason: 'late' }).expect(409)).body.message).toBe(
      'This claim was declined; the member can open a new one',
    );
    const again = (await as(admin).post('/api/users/claims', claimBody(1, { note: '=HYPERLINK("https://evil.example","click")' })).expect(201)).body.data.claim.id;

    // BitLabs credits the task while the claim is open: approving too would pay it twice.
    await earn(stack, admin, (tasks[1].payout_pence / 100).toFixed(2), { tx: `claim-late-${admin.uid}`, offerId: '5011', offerName: 'Dragon Clash', taskName: tasks[1].name } as Parameters<typeof earn>[3]);
    expect((await as(secondAdmin).post(`/api/admin/claims/${again}/approve`, { reason: 'ok' }).expect(409)).body.message).toBe(
      'The partner has credited this task since the claim was opened; decline the claim instead',
    );
  });
});

describe('GET /api/admin/claims/export', () => {
  it('streams the filtered claims as CSV for the partner, formulas neutralised', async () => {
    await eventually(async () => ((await claimRows(admin.uid)).length === 2 ? true : undefined));
    const response = await as(admin).get('/api/admin/claims/export').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="claims-.+\.csv"$/);
    const lines = response.text.trim().split('\n');
    expect(lines[0]).toBe(
      'claim_id,opened_at,status,user_id,user_email,offer_id,offer_title,task_id,task_name,amount,started_at,callbacks_received,missing,note,evidence,decided_at,decided_by,decision_reason',
    );
    expect(lines).toHaveLength(4);
    expect(response.text).toContain(`'=HYPERLINK`);
    const approved = await as(admin).get('/api/admin/claims/export?status=approved').expect(200);
    expect(approved.text.trim().split('\n')).toHaveLength(2);
    expect(approved.text).toContain(',approved,');
    await as(admin).get('/api/admin/claims/export?status=lost').expect(400);
  });
});

describe('GET /api/offers/{id}/timeline', () => {
  it("shows each task's state from our own events", async () => {
    const timeline = (await as(member).get('/api/offers/5011/timeline').expect(200)).body.data;
    expect(timeline.started_at).not.toBeNull();
    expect(timeline.tasks.slice(0, 2).map((t: { state: string }) => t.state)).toEqual(['approved', 'approved']);
    expect(timeline.tasks[1].claim).toMatchObject({ id: claimId, status: 'approved' });
    // A day after the start, the tasks nobody credited may be claimed.
    expect(timeline.tasks.slice(2).every((t: { state: string; can_claim: boolean }) => t.state === 'started' && t.can_claim)).toBe(true);
    // The admin's task: a claim still open, but BitLabs' credit is what stands.
    const creditedTask = (await as(admin).get('/api/offers/5011/timeline').expect(200)).body.data.tasks[1];
    expect(creditedTask).toMatchObject({ state: 'approved', can_claim: false, claim: { status: 'open' } });
    const stranger = (await as(other).get('/api/offers/5011/timeline').expect(200)).body.data;
    expect(stranger.tasks.every((t: { state: string }) => t.state === 'not_started')).toBe(true);
    await as(null).get('/api/offers/5011/timeline').expect(401);
    await as(member).get('/api/offers/nope/timeline').expect(404);
  });
});

describe('a partner credit after an approved claim (a task is paid once)', () => {
  it('records the BitLabs credit for the claimed task without paying it again; its reversal takes the claim credit back', async () => {
    const reward = tasks[1].payout_pence;
    const before = (await balanceOf(stack, member)).available_pence;
    const tx = `claim-after-${member.uid}`;
    // BitLabs finally credits the task the claim paid: the callback is accepted and processed, no money moves.
    await stack.http
      .get(signedPath({ uid: member.uid, amount: (reward / 100).toFixed(2), tx, offerId: '5011', offerName: 'Dragon Clash', taskName: tasks[1].name } as Parameters<typeof signedPath>[0], stack.url))
      .expect(200);
    const covered = await eventually(() =>
      stack.db.selectFrom('callbacks').selectAll().where('transaction_id', '=', tx).where('is_processed', '=', true).executeTakeFirst(),
    );
    expect(covered).toMatchObject({
      review_status: 'covered_by_claim',
      review_reason: `Already credited by your missing-credit claim #${claimId}: not paid twice`,
      earning_id: `claim-${claimId}`,
    });
    const console = (await as(admin).get(`/api/admin/callbacks?search=${tx}`).expect(200)).body.data;
    expect(console).toEqual([expect.objectContaining({ review_status: 'covered_by_claim', review_reason: covered!.review_reason })]);
    expect((await balanceOf(stack, member)).available_pence).toBe(before);
    const wallet = (await stack.store.readStream(`wallet-${member.uid}`)).map((e) => e.type);
    expect(wallet.filter((type) => type === 'CreditCoveredByClaim')).toHaveLength(1);

    // BitLabs later reverses that transaction: the claim credit is what the member was paid, so it is taken back.
    await stack.http
      .get(signedPath({ uid: member.uid, amount: `-${(reward / 100).toFixed(2)}`, tx: `r-${tx}`, ref: tx, state: 'RECONCILED' } as Parameters<typeof signedPath>[0], stack.url))
      .expect(200);
    await availableBecomes(stack, member, before - reward);
    const statement = (await as(member).get('/api/users/statement').expect(200)).body.data;
    expect(JSON.stringify(statement)).toContain(`it takes back your missing-credit claim #${claimId}`);
  });
});
