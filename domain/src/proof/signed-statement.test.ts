import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildStatementBody,
  type ChainedWalletEvent,
  type SignedStatement,
  type StatementPublicKey,
  statementSigningBytes,
  statementToCsv,
  verifySignedStatement,
  verifyStatementFile,
} from './signed-statement';

function keyPair(keyId: string, status: StatementPublicKey['status'] = 'active') {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  return { privateKey, published: { key_id: keyId, algorithm: 'Ed25519', public_key: raw.toString('base64'), status } satisfies StatementPublicKey };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();
const hash = (n: number) => n.toString(16).padStart(64, '0');

/** A bonus, a pending credit cleared later, and a payout request: the money moves a member sees. */
const history: ChainedWalletEvent[] = [
  { type: 'WelcomeBonusGranted', data: { earningId: 'e-bonus', amountPence: 200, grantedAt: at(0) } },
  { type: 'EarningCredited', data: { earningId: 'e-1', amountPence: 125, status: 'pending', creditedAt: at(1), transactionId: 't1', offerName: 'Dragon Clash', taskName: null } },
  { type: 'EarningApproved', data: { earningId: 'e-1', approvedAt: at(2) } },
  { type: 'PayoutRequested', data: { payoutId: 'p-1', amountPence: 300, requestedAt: at(3) } },
].map((event, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  revision: i,
  createdAt: at(i),
  hash: hash(i + 1),
  previousHash: i === 0 ? null : hash(i),
  event: event as unknown as ChainedWalletEvent['event'],
}));

function signed(privateKey: KeyObject, keyId: string): SignedStatement {
  const body = buildStatementBody('member-1', 'wallet-member-1', history, at(10));
  return { ...body, signature: { algorithm: 'Ed25519', key_id: keyId, value: sign(null, statementSigningBytes(body), privateKey).toString('base64') } };
}

describe('signed statements', () => {
  const current = keyPair('key-2026');
  const statement = signed(current.privateKey, 'key-2026');

  it('proves the running balance of every event and the closing balance', async () => {
    expect(statement.events.map((e) => [e.type, e.available_change_pence, e.pending_change_pence, e.reserved_change_pence, e.available_balance_pence])).toEqual([
      ['WelcomeBonusGranted', 200, 0, 0, 200],
      ['EarningCredited', 0, 125, 0, 200],
      ['EarningApproved', 125, -125, 0, 325],
      ['PayoutRequested', -300, 0, 300, 25],
    ]);
    const result = await verifySignedStatement(statement, [current.published]);
    expect(result).toMatchObject({ intact: true, problems: [], keyId: 'key-2026', memberUid: 'member-1', events: 4 });
    expect(result.balance).toEqual({ available_pence: 25, pending_pence: 0, reserved_pence: 300 });
  });

  it('rejects a statement whose amount was edited, naming the event and the signature', async () => {
    const edited = structuredClone(statement);
    edited.events[1].pending_change_pence = 1125;
    const result = await verifySignedStatement(edited, [current.published]);
    expect(result.intact).toBe(false);
    expect(result.balance).toBeNull();
    expect(result.problems).toContain('The signature does not match: the statement was changed after PlayQuid signed it');
    expect(result.problems.some((p) => p.startsWith(`event 2 (${history[1].id}): pending balance`))).toBe(true);
  });

  it('rejects an edit that keeps the sums consistent: the signature still catches it', async () => {
    const edited = structuredClone(statement);
    edited.events[0].available_change_pence = 2000;
    for (const e of edited.events) e.available_balance_pence += 1800;
    edited.balance.available_pence += 1800;
    const result = await verifySignedStatement(edited, [current.published]);
    expect(result.problems).toEqual(['The signature does not match: the statement was changed after PlayQuid signed it']);
  });

  it('rejects a signature by an unknown key id', async () => {
    const stranger = keyPair('not-ours');
    const result = await verifySignedStatement(signed(stranger.privateKey, 'not-ours'), [current.published]);
    expect(result).toMatchObject({ intact: false, problems: ['Unknown signing key "not-ours": not one of PlayQuid\'s published statement keys'] });
  });

  it('rejects a known key id whose signature was made with another key', async () => {
    const stranger = keyPair('x');
    const result = await verifySignedStatement(signed(stranger.privateKey, 'key-2026'), [current.published]);
    expect(result.intact).toBe(false);
  });

  it('still verifies a statement signed with a retired (rotated) key', async () => {
    const old = keyPair('key-2025', 'retired');
    const result = await verifySignedStatement(signed(old.privateKey, 'key-2025'), [current.published, old.published]);
    expect(result).toMatchObject({ intact: true, keyId: 'key-2025' });
  });

  it('the CSV form carries the same signature and verifies; an edited CSV amount is rejected', async () => {
    const csv = statementToCsv(statement);
    expect((await verifyStatementFile(csv, [current.published])).intact).toBe(true);
    expect((await verifyStatementFile(JSON.stringify(statement), [current.published])).intact).toBe(true);
    const row = csv.split('\n').findIndex((l) => l.startsWith(history[0].id));
    const lines = csv.split('\n');
    lines[row] = lines[row].replace(',200,0,0,200,', ',900,0,0,200,');
    const result = await verifyStatementFile(lines.join('\n'), [current.published]);
    expect(result.intact).toBe(false);
    expect(result.problems).toContain('The signature does not match: the statement was changed after PlayQuid signed it');
  });

  it('says what is wrong with a file that is not a statement', async () => {
    expect(await verifyStatementFile('hello', [current.published])).toMatchObject({ intact: false, problems: ['The file is neither a JSON nor a CSV PlayQuid statement'] });
    expect((await verifyStatementFile('{"a":1}', [current.published])).problems[0]).toMatch(/not a PlayQuid statement/);
  });

  it('rejects a removed event: the chain link no longer names the event before it', async () => {
    const edited = structuredClone(statement);
    edited.events.splice(1, 1);
    const result = await verifySignedStatement(edited, [current.published]);
    expect(result.problems.some((p) => p.includes('chain link'))).toBe(true);
  });
});
