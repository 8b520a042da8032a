import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveKeyId, loadStatementSigning, rawPublicKey } from './statement-keys';

const pem = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

describe('statement signing key', () => {
  it('production refuses to start without STATEMENT_SIGNING_KEY, naming it', () => {
    expect(() => loadStatementSigning({ NODE_ENV: 'production' })).toThrow(/Missing configuration: STATEMENT_SIGNING_KEY/);
  });

  it('refuses a key that is not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => loadStatementSigning({ STATEMENT_SIGNING_KEY: rsa })).toThrow(/must be an Ed25519 key/);
  });

  it('dev generates one key, persists it and reads the same key back', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'pq-key-')), 'key.pem');
    const first = loadStatementSigning({ STATEMENT_SIGNING_KEY_FILE: file });
    expect(readFileSync(file, 'utf8')).toMatch(/BEGIN PRIVATE KEY/);
    expect(loadStatementSigning({ STATEMENT_SIGNING_KEY_FILE: file }).publicKeys).toEqual(first.publicKeys);
  });

  it('rotation: the configured key is active, retired public keys stay published with their ids', () => {
    const oldKey = pem();
    const old = loadStatementSigning({ STATEMENT_SIGNING_KEY: oldKey });
    const current = loadStatementSigning({
      STATEMENT_SIGNING_KEY: pem().replace(/\n/g, '\\n'),
      STATEMENT_RETIRED_KEYS: `${old.keyId}:${old.publicKeys[0].public_key}`,
    });
    expect(current.publicKeys.map((k) => [k.key_id, k.status])).toEqual([
      [current.keyId, 'active'],
      [old.keyId, 'retired'],
    ]);
    expect(old.keyId).toBe(deriveKeyId(rawPublicKey(old.privateKey)));
    expect(() => loadStatementSigning({ STATEMENT_SIGNING_KEY: oldKey, STATEMENT_RETIRED_KEYS: 'k1:abc' })).toThrow(/not a base64 32-byte/);
  });
});
