import { audit, type EmulatorUser, verify } from '@playquid/scripts';
import { RetentionService } from '@playquid/server';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registeredMember } from '../support/members';
import { bearer, makeAdmin, signedPath } from '../support/money';
import { settled } from '../support/resilience';
import { eventually, type Stack, startStack } from '../support/stack';

// Set before the app's modules load: requests logged (with their headers) to a file the test
// searches, and the callback's client address taken from X-Forwarded-For.
const LOG_FILE = vi.hoisted(() => {
  const file = `${process.env.TMPDIR ?? '/tmp'}/playquid-privacy-${process.pid}-${Date.now()}.log`;
  Object.assign(process.env, { LOG_FILE: file, LOG_LEVEL: 'info', LOG_REQUESTS: 'true', TRUST_PROXY: 'true' });
  return file;
});

let stack: Stack;
let redis: Redis;
beforeAll(async () => {
  stack = await startStack();
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
});
afterAll(async () => {
  for (const key of ['LOG_FILE', 'LOG_LEVEL', 'LOG_REQUESTS', 'TRUST_PROXY']) delete process.env[key];
  await redis?.quit();
  await stack?.close();
  fs.rmSync(LOG_FILE, { force: true });
});

interface Member {
  user: EmulatorUser;
  username: string;
  ip: string;
  tx: string;
}

const ipBase = randomBytes(1)[0];
let membersMade = 0;

/** A member with a username, an offer credited from their own IP, and an unsigned request refused from it. */
async function activeMember(label: string): Promise<Member> {
  const user = await registeredMember(stack, { label });
  const username = `Quokka ${randomBytes(4).toString('hex')}`;
  // Three-digit last octets, one per member: no member's IP is another's, nor a substring of one (198.51.100.12 of .129).
  const ip = `198.51.100.${100 + ((ipBase + membersMade++) % 150)}`;
  const tx = `priv-${randomBytes(6).toString('hex')}`;
  await stack.http.put('/api/users/profile').set('authorization', bearer(user)).send({ username }).expect(200);
  await stack.http.get(signedPath({ uid: user.uid, amount: '1.00', tx })).set('x-forwarded-for', ip).expect(200);
  await stack.http.get(`/api/bitlabs/callback?uid=${user.uid}&val=1&tx=forged-${tx}&hash=00`).set('x-forwarded-for', ip);
  await settled(stack);
  return { user, username, ip, tx };
}

/** Every key of the stack's Redis prefix with its whole content, as text. */
async function redisText(): Promise<string> {
  const keys = await redis.keys(`${process.env.BULL_PREFIX}*`);
  const parts: string[] = [];
  for (const key of keys) {
    const type = await redis.type(key);
    if (type === 'string') parts.push(String(await redis.get(key)));
    else if (type === 'hash') parts.push(JSON.stringify(await redis.hgetall(key)));
    else if (type === 'list') parts.push(JSON.stringify(await redis.lrange(key, 0, -1)));
    else if (type === 'set') parts.push(JSON.stringify(await redis.smembers(key)));
    else if (type === 'zset') parts.push(JSON.stringify(await redis.zrange(key, 0, -1)));
    else if (type === 'stream') parts.push(JSON.stringify(await redis.xrange(key, '-', '+')));
  }
  return parts.join('\n');
}

/** The raw rows of every table of the database (the events table and every read table), as text. */
async function databaseText(): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(stack.db);
  const text: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(stack.db);
    text[name] = rows.rows.map((r) => r.row).join('\n');
  }
  return text;
}

describe('privacy: closing an account erases what no law requires us to keep', () => {
  it('leaves no email, username or IP readable in the events, any table, Redis or the logs, while audit and verify pass and the statement balances', async () => {
    const member = await activeMember('closing');
    const secrets = [member.user.email, member.username, member.ip];
    // Before closing, the data is there to find (the search itself works): in the read tables, not in the events table.
    const before = await databaseText();
    expect(before.users).toContain(member.user.email);
    expect(before.callbacks).toContain(member.ip);
    for (const secret of secrets) expect(before.events, secret).not.toContain(secret);

    const preview = (await stack.http.get('/api/users/closure').set('authorization', bearer(member.user)).expect(200)).body.data.closure;
    expect(preview).toMatchObject({ available_pence: 300, forfeit_pence: 300, blocker: null });
    const refused = await stack.http.post('/api/users/close').set('authorization', bearer(member.user)).send({}).expect(409);
    expect(refused.body.message).toBe('You have £3.00 you can withdraw. Request a payout first, or confirm that you give it up by closing now.');
    const closed = await stack.http.post('/api/users/close').set('authorization', bearer(member.user)).send({ confirm_forfeit: true }).expect(200);
    expect(closed.body.data.forfeited_pence).toBe(300);
    await settled(stack);

    const after = await databaseText();
    const redisDump = await redisText();
    const logText = fs.readFileSync(LOG_FILE, 'utf8');
    // The requests were logged, their addresses and headers redacted.
    expect(logText).toContain('"url":"/api/users/close"');
    expect(logText).toContain('[redacted]');
    for (const secret of secrets) {
      for (const [table, text] of Object.entries(after)) expect(text, `${table} holds ${secret}`).not.toContain(secret);
      expect(redisDump, `Redis holds ${secret}`).not.toContain(secret);
      expect(logText, `the logs hold ${secret}`).not.toContain(secret);
    }
    // The closed member can no longer call the API, reads included (a token from before the closure is still signed).
    const closedMessage = 'This account is closed. Contact support if you need a copy of your records.';
    expect((await stack.http.post('/api/users/close').set('authorization', bearer(member.user)).send({}).expect(403)).body.message).toBe(closedMessage);
    for (const path of ['/api/users/balance', '/api/users/statement', '/api/users/data-export', '/api/users/profile']) {
      expect((await stack.http.get(path).set('authorization', bearer(member.user)).expect(403)).body.message, path).toBe(closedMessage);
    }

    // Amounts and dates stay, without identity: the statement still balances to the balance row.
    const entries = await stack.db.selectFrom('statement_entries').selectAll().where('uid', '=', member.user.uid).orderBy('revision').execute();
    expect(entries.map((e) => e.kind)).toEqual(['welcome_bonus', 'earning_approved', 'balance_forfeited']);
    expect(entries.reduce((sum, e) => sum + e.available_change_pence, 0)).toBe(0);
    const balance = await stack.db.selectFrom('balances').selectAll().where('uid', '=', member.user.uid).executeTakeFirstOrThrow();
    expect([balance.available_pence, balance.total_earned_pence, entries.at(-1)!.available_balance_pence]).toEqual([0, 300, 0]);

    // BitLabs credits the closed account later: the callback is recorded and processed, nothing is credited.
    const lateTx = `late-${member.tx}`;
    await stack.http.get(signedPath({ uid: member.user.uid, amount: '2.50', tx: lateTx })).expect(200);
    const late = await eventually(() =>
      stack.db.selectFrom('callbacks').selectAll().where('transaction_id', '=', lateTx).where('is_processed', '=', true).executeTakeFirst(),
    );
    expect(late).toMatchObject({ review_status: 'account_closed', review_reason: 'Not credited: the account was closed before this credit arrived', earning_id: null });
    await settled(stack);
    const afterLate = await stack.db.selectFrom('balances').selectAll().where('uid', '=', member.user.uid).executeTakeFirstOrThrow();
    expect([afterLate.available_pence, afterLate.pending_pence, afterLate.total_earned_pence]).toEqual([0, 0, 300]);

    expect(await verify()).toEqual([]);
    expect((await audit()).problems).toEqual([]);
  });
});

describe('privacy: data export and requests', () => {
  it('exports every category of the member, and nothing of another member', async () => {
    const [ana, ben] = await Promise.all([activeMember('export-a'), activeMember('export-b')]);
    const response = await stack.http.get('/api/users/data-export').set('authorization', bearer(ana.user)).expect(200);
    const data = response.body.data.export;
    expect(Object.keys(data).sort()).toEqual(
      ['callbacks', 'claims', 'consents', 'earnings', 'exported_at', 'offer_starts', 'payouts', 'profile', 'retention', 'sign_ins', 'statement'].sort(),
    );
    expect(data.profile).toMatchObject({ uid: ana.user.uid, email: ana.user.email, username: ana.username });
    expect(data.earnings.map((e: { transaction_id: string | null }) => e.transaction_id)).toContain(ana.tx);
    expect(data.callbacks).toEqual([expect.objectContaining({ transaction_id: ana.tx, source_ip: ana.ip })]);
    expect(data.statement.length).toBeGreaterThan(0);
    const text = JSON.stringify(data);
    for (const other of [ben.user.uid, ben.user.email, ben.username, ben.ip, ben.tx]) expect(text).not.toContain(other);
  });

  it('records written requests with a 30-day clock, acts on them, and refuses what it must', async () => {
    const [admin, member] = await Promise.all([registeredMember(stack, { label: 'privacy-admin' }), activeMember('written')]);
    await makeAdmin(stack, admin);
    const asAdmin = (request: ReturnType<Stack['http']['post']>) => request.set('authorization', bearer(admin));

    // Members cannot reach the desk; bad input is refused with nothing written.
    await stack.http.get('/api/admin/privacy-requests').set('authorization', bearer(member.user)).expect(403);
    await asAdmin(stack.http.post('/api/admin/privacy-requests')).send({ uid: member.user.uid, kind: 'delete-all', reason: 'x' }).expect(400);
    await asAdmin(stack.http.post('/api/admin/privacy-requests')).send({ uid: 'nobody', kind: 'export', reason: 'Email' }).expect(404);
    const own = await asAdmin(stack.http.post('/api/admin/privacy-requests')).send({ uid: admin.uid, kind: 'closure', reason: 'Mine' }).expect(403);
    expect(own.body.message).toBe('An admin cannot act on a privacy request for their own account');

    const recorded = (
      await asAdmin(stack.http.post('/api/admin/privacy-requests'))
        .send({ uid: member.user.uid, kind: 'closure', reason: 'Letter of 27 Nov asking to close the account' })
        .expect(200)
    ).body.data.request;
    expect(recorded).toMatchObject({ status: 'open', channel: 'written', days_left: 30, kind: 'closure' });
    expect(Date.parse(recorded.due_at) - Date.parse(recorded.received_at)).toBe(30 * 86_400_000);

    // The member's balance needs their written confirmation before it is given up.
    await asAdmin(stack.http.post(`/api/admin/privacy-requests/${recorded.id}/act`)).send({}).expect(409);
    const done = (await asAdmin(stack.http.post(`/api/admin/privacy-requests/${recorded.id}/act`)).send({ confirm_forfeit: true }).expect(200)).body.data;
    expect(done.request).toMatchObject({ status: 'completed', days_left: null, handled_by: admin.email });
    await asAdmin(stack.http.post(`/api/admin/privacy-requests/${recorded.id}/act`)).send({}).expect(409);
    const closedEvent = (await stack.store.readStream(`user-${member.user.uid}`)).find((e) => e.type === 'AccountClosed');
    expect(closedEvent?.data).toMatchObject({ byAdmin: true, closedBy: admin.email, reason: expect.stringContaining('Letter of 27 Nov') });
    const listed = (await stack.http.get('/api/admin/privacy-requests').set('authorization', bearer(admin)).expect(200)).body.data.requests;
    expect(listed.map((r: { id: string }) => r.id)).toContain(recorded.id);
  });
});

describe('privacy: the daily retention job', () => {
  it('makes IPs and partner parameters unreadable after 90 days, records the run without personal data, and verify still passes', async () => {
    const member = await activeMember('retention');
    const callbackStream = `callback-${member.tx}`;
    expect((await stack.store.readStream(callbackStream))[0].data).toMatchObject({ sourceIp: member.ip });

    // Run as the job would 92 days from now (the service is what the daily BullMQ job calls, under its lock).
    const later = new Date(Date.now() + 92 * 86_400_000);
    const summary = await stack.app.get(RetentionService).runOnce(later);
    expect(summary.shreddedKeys.technical).toBeGreaterThan(0);
    expect(summary.recorded).toBe(true);
    expect((await stack.app.get(RetentionService).runOnce(later)).recorded).toBe(false);

    // Another process's vault trusts a key it unwrapped for a few seconds at most.
    const callback = await eventually(async () => {
      const [read] = await stack.store.readStream(callbackStream);
      return read.erased ? read : undefined;
    });
    expect(callback.data).toMatchObject({ sourceIp: '[erased]', rawParameters: {} });
    expect(callback.erased).toEqual(['sourceIp', 'rawParameters']);
    const [run] = await stack.store.readStream(`retention-${summary.day}`);
    expect(Object.keys(run.data as object).sort()).toEqual(['day', 'ranAt', 'shreddedKeys', 'technicalBefore']);
    await settled(stack);
    const row = await stack.db.selectFrom('callbacks').select(['source_ip', 'raw_parameters']).where('transaction_id', '=', member.tx).executeTakeFirstOrThrow();
    expect(row).toEqual({ source_ip: '[erased]', raw_parameters: {} });
    // The money facts are untouched: the member keeps the credit, and a rebuild matches the live tables.
    expect(await verify()).toEqual([]);
    expect((await audit()).problems).toEqual([]);
  });
});
