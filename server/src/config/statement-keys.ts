import { parseEnv } from '@playquid/config';
import type { StatementPublicKey } from '@playquid/domain';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * The Ed25519 key that signs members' statements and the log checkpoints. Production refuses to
 * start without STATEMENT_SIGNING_KEY; elsewhere a key is generated once and kept in
 * STATEMENT_SIGNING_KEY_FILE. Rotation: the new key signs, the old public keys stay listed in
 * STATEMENT_RETIRED_KEYS (`keyid:base64-raw-public-key`, comma-separated) so what they signed still verifies.
 */
export interface StatementSigningConfig {
  keyId: string;
  privateKey: KeyObject;
  /** The active key first, then the retired ones: what GET /api/statement-keys publishes. */
  publicKeys: StatementPublicKey[];
}

export const DEFAULT_STATEMENT_KEY_FILE = resolve(__dirname, '../../../.data/statement-signing-key.pem');

/** base64 of the 32-byte raw Ed25519 public key. */
export const rawPublicKey = (key: KeyObject): string => Buffer.from(createPublicKey(key).export({ format: 'jwk' }).x as string, 'base64url').toString('base64');

/** A key id derived from the public key, so a key keeps its id wherever it is configured. */
export const deriveKeyId = (publicKeyBase64: string): string =>
  `ed25519-${createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex').slice(0, 16)}`;

function parsePrivateKey(text: string, source: string): KeyObject {
  const value = text.trim().replace(/\\n/g, '\n');
  let key: KeyObject;
  try {
    key = value.startsWith('-----BEGIN')
      ? createPrivateKey(value)
      : createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
  } catch (error) {
    throw new Error(`${source} is not a PKCS#8 private key (PEM or base64 DER): ${error instanceof Error ? error.message : String(error)}`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${source} must be an Ed25519 key, not ${key.asymmetricKeyType}`);
  return key;
}

/** Reads the dev key file, or makes it (exclusively: parallel processes end up with the same key). */
function devKey(file: string): KeyObject {
  try {
    return parsePrivateKey(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  try {
    writeFileSync(file, pem, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parsePrivateKey(readFileSync(file, 'utf8'), file);
}

function retiredKeys(value: string | undefined): StatementPublicKey[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf(':');
      const keyId = at > 0 ? entry.slice(0, at) : deriveKeyId(entry);
      const publicKey = at > 0 ? entry.slice(at + 1) : entry;
      if (Buffer.from(publicKey, 'base64').length !== 32) throw new Error(`STATEMENT_RETIRED_KEYS: ${keyId} is not a base64 32-byte Ed25519 public key`);
      return { key_id: keyId, algorithm: 'Ed25519' as const, public_key: publicKey, status: 'retired' as const };
    });
}

/** From the validated environment (@playquid/config); the API and the CLI's checkpoint and verify-statement share it. */
export function loadStatementSigning(source: NodeJS.ProcessEnv = process.env): StatementSigningConfig {
  const env = parseEnv(source);
  const configured = env.STATEMENT_SIGNING_KEY;
  if (!configured && env.NODE_ENV === 'production') {
    throw new Error(
      'Missing configuration: STATEMENT_SIGNING_KEY (an Ed25519 PKCS#8 private key, PEM or base64 DER: ' +
        '`openssl genpkey -algorithm ed25519`). Members\' statements and the log checkpoints are signed with it.',
    );
  }
  const privateKey = configured ? parsePrivateKey(configured, 'STATEMENT_SIGNING_KEY') : devKey(env.STATEMENT_SIGNING_KEY_FILE ?? DEFAULT_STATEMENT_KEY_FILE);
  const publicKey = rawPublicKey(privateKey);
  const keyId = env.STATEMENT_SIGNING_KEY_ID ?? deriveKeyId(publicKey);
  const retired = retiredKeys(env.STATEMENT_RETIRED_KEYS).filter((k) => k.key_id !== keyId);
  return { keyId, privateKey, publicKeys: [{ key_id: keyId, algorithm: 'Ed25519', public_key: publicKey, status: 'active' }, ...retired] };
}
