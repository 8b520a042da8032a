import { type StatementPublicKey, verifyStatementFile } from '@playquid/domain';
import type { EmulatorUser } from '@playquid/scripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../support/members';
import { availableBecomes, bearer, earn } from '../support/money';
import { type Stack, startStack } from '../support/stack';

let stack: Stack;
let member: EmulatorUser;
let keys: StatementPublicKey[];

beforeAll(async () => {
  stack = await startStack();
  member = await registeredMember(stack);
  await availableBecomes(stack, member, 200);
  await earn(stack, member, '1.25', { tx: `o-stmt-${member.uid}`, offerName: 'Dragon Clash' });
  await availableBecomes(stack, member, 325);
});
afterAll(() => stack?.close());

const download = (format?: string) =>
  stack.http
    .get(`/api/users/statement/export${format ? `?format=${format}` : ''}`)
    .set('authorization', bearer(member))
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => done(null, text));
    });

describe('GET /api/statement-keys', () => {
  it('publishes the active Ed25519 key to anyone, cacheable', async () => {
    const response = await stack.http.get('/api/statement-keys').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    keys = response.body.data.keys;
    expect(keys[0]).toMatchObject({ algorithm: 'Ed25519', status: 'active' });
    expect(Buffer.from(keys[0].public_key, 'base64')).toHaveLength(32);
  });
});

describe('GET /api/users/statement/export', () => {
  it('JSON: every wallet event with its amount, running balance and chain link, signed; the verifier accepts it and states the balance', async () => {
    const response = await download().expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="playquid-statement-.*\.json"$/);
    const statement = JSON.parse(response.body as string);
    const stored = await stack.store.readStream(`wallet-${member.uid}`);
    expect(statement.events.map((e: { event_id: string; hash: string }) => [e.event_id, e.hash])).toEqual(stored.map((e) => [e.id, e.hash]));
    expect(statement.events[0]).toMatchObject({ type: 'WelcomeBonusGranted', available_change_pence: 200, available_balance_pence: 200, previous_hash: null });
    expect(statement.signature).toMatchObject({ algorithm: 'Ed25519', key_id: keys[0].key_id });
    const result = await verifyStatementFile(response.body as string, keys);
    expect(result).toMatchObject({ intact: true, memberUid: member.uid, balance: { available_pence: 325, pending_pence: 0, reserved_pence: 0 } });
  });

  it('CSV: the same rows and signature; one edited amount makes the verifier reject it', async () => {
    const response = await download('csv').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const csv = response.body as string;
    expect((await verifyStatementFile(csv, keys)).intact).toBe(true);
    const edited = csv.replace(/,125,0,0,325,/, ',925,0,0,325,');
    expect(edited).not.toBe(csv);
    const result = await verifyStatementFile(edited, keys);
    expect(result.intact).toBe(false);
    expect(result.problems).toContain('The signature does not match: the statement was changed after PlayQuid signed it');
  });

  it('refuses a bad format (400 with a message) and visitors (401)', async () => {
    const bad = await stack.http.get('/api/users/statement/export?format=xml').set('authorization', bearer(member)).expect(400);
    expect(bad.body).toMatchObject({ success: false, errors: ['format must be json or csv'] });
    await stack.http.get('/api/users/statement/export').expect(401);
  });
});
