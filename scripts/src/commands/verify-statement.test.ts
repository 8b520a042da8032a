import { buildStatementBody, statementSigningBytes, statementToCsv, type ChainedWalletEvent } from '@playquid/domain';
import { loadStatementSigning } from '@playquid/server';
import { sign } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyStatement } from './verify-statement';

const dir = mkdtempSync(join(tmpdir(), 'pq-verify-'));
const signing = loadStatementSigning({ STATEMENT_SIGNING_KEY_FILE: join(dir, 'key.pem') });
const keysFile = join(dir, 'keys.json');
writeFileSync(keysFile, JSON.stringify({ success: true, data: { keys: signing.publicKeys } }));

const events: ChainedWalletEvent[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    revision: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    hash: 'a'.repeat(64),
    previousHash: null,
    event: { type: 'WelcomeBonusGranted', data: { earningId: 'b', amountPence: 200, grantedAt: '2026-11-20T10:00:00.000Z' } } as ChainedWalletEvent['event'],
  },
];
const body = buildStatementBody('ana', 'wallet-ana', events, '2026-11-21T10:00:00.000Z');
const statement = { ...body, signature: { algorithm: 'Ed25519' as const, key_id: signing.keyId, value: sign(null, statementSigningBytes(body), signing.privateKey).toString('base64') } };

describe('verify-statement', () => {
  it('says a statement is intact and the balance it proves (JSON and CSV)', async () => {
    for (const [name, text] of [['s.json', JSON.stringify(statement)], ['s.csv', statementToCsv(statement)]]) {
      const file = join(dir, name);
      writeFileSync(file, text);
      const result = await verifyStatement(file, keysFile);
      expect(result.intact).toBe(true);
      expect(result.lines[1]).toBe('it proves: available £2.00, pending £0.00, reserved for payouts £0.00');
    }
  });

  it('says NOT intact, with the reason, after one amount is edited', async () => {
    const file = join(dir, 'edited.json');
    writeFileSync(file, JSON.stringify({ ...statement, events: [{ ...statement.events[0], available_change_pence: 900, available_balance_pence: 900 }], balance: { ...statement.balance, available_pence: 900 } }));
    const result = await verifyStatement(file, keysFile);
    expect(result).toEqual({ intact: false, lines: [`${file}: statement NOT intact`, '  The signature does not match: the statement was changed after PlayQuid signed it'] });
  });
});
