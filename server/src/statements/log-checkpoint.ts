import { comparePositions, type GlobalPosition } from '@playquid/contracts';
import type { StatementPublicKey } from '@playquid/domain';
import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import type { RecordedEvent } from '../event-store/event-store';
import { canonicalJson } from '../event-store/hash-chain';

/**
 * A signed checkpoint of the whole log: the head (last revision and hash) of every stream at one
 * log position, summed up as a Merkle root and signed with the statement key. The hash chain alone
 * is unkeyed (whoever can write the events table can rewrite an event and recompute the hashes after
 * it); a checkpoint's signature cannot be recomputed without the key, which is not in the database,
 * so `audit` finds any history that no longer leads to the heads a checkpoint signed.
 */
export const CHECKPOINT_FORMAT = 'playquid-log-checkpoint/1';

export interface StreamHead {
  stream: string;
  revision: number;
  hash: string;
}

export interface LogCheckpointBody {
  format: typeof CHECKPOINT_FORMAT;
  position: { commit: string; prepare: string };
  events: number;
  streams: number;
  root: string;
  created_at: string;
  key_id: string;
}

export interface SignedLogCheckpoint extends LogCheckpointBody {
  /** base64 Ed25519 signature over the canonical JSON of the body. */
  signature: string;
}

/** A checkpoint as stored (table row and file line alike): the signed part and the heads it sums up. */
export interface StoredLogCheckpoint {
  checkpoint: SignedLogCheckpoint;
  heads: StreamHead[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Binary Merkle root over the heads sorted by stream id (leaf and node hashes domain-separated). */
export function merkleRoot(heads: readonly StreamHead[]): string {
  let level = [...heads]
    .sort((a, b) => (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0))
    .map((h) => sha256(`leaf\n${h.stream}\n${h.revision}\n${h.hash}`));
  if (level.length === 0) return sha256('empty');
  while (level.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? sha256(`node\n${level[i]}\n${level[i + 1]}`) : level[i]);
    level = next;
  }
  return level[0];
}

/** The head of every stream at `position` (events after it ignored), and how many events lead there. */
export function headsAt(byStream: ReadonlyMap<string, readonly RecordedEvent[]>, position: GlobalPosition): { heads: StreamHead[]; events: number } {
  const heads: StreamHead[] = [];
  let events = 0;
  for (const [stream, list] of byStream) {
    let head: RecordedEvent | undefined;
    for (const event of list) {
      if (comparePositions(event.position, position) > 0) break;
      head = event;
      events++;
    }
    if (head) heads.push({ stream, revision: Number(head.revision), hash: head.hash });
  }
  return { heads: heads.sort((a, b) => (a.stream < b.stream ? -1 : a.stream > b.stream ? 1 : 0)), events };
}

const signingBytes = (body: LogCheckpointBody) => {
  const { format, position, events, streams, root, created_at, key_id } = body;
  return Buffer.from(canonicalJson({ format, position, events, streams, root, created_at, key_id }) ?? '', 'utf8');
};

export function signCheckpoint(
  heads: StreamHead[],
  events: number,
  position: GlobalPosition,
  createdAt: string,
  key: { keyId: string; privateKey: KeyObject },
): StoredLogCheckpoint {
  const body: LogCheckpointBody = {
    format: CHECKPOINT_FORMAT,
    position: { commit: position.commit.toString(), prepare: position.prepare.toString() },
    events,
    streams: heads.length,
    root: merkleRoot(heads),
    created_at: createdAt,
    key_id: key.keyId,
  };
  return { checkpoint: { ...body, signature: sign(null, signingBytes(body), key.privateKey).toString('base64') }, heads };
}

/** null when the checkpoint's signature verifies with one of the keys; else why not. */
export function checkpointSignatureProblem(checkpoint: SignedLogCheckpoint, keys: readonly StatementPublicKey[]): string | null {
  const key = keys.find((k) => k.key_id === checkpoint.key_id);
  if (!key) return `signed with unknown key "${checkpoint.key_id}"`;
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key.public_key, 'base64').toString('base64url') }, format: 'jwk' });
  const ok = verify(null, signingBytes(checkpoint), publicKey, Buffer.from(checkpoint.signature, 'base64'));
  return ok ? null : 'its signature does not verify (the checkpoint was forged or altered)';
}

/**
 * What no longer matches a checkpoint: nothing when the log's heads at its position still have its
 * root; else one line per stream whose head changed, vanished or appeared (named from the heads
 * stored with it, once they are proven to be the signed ones by their root).
 */
export function checkpointMismatches(stored: StoredLogCheckpoint, byStream: ReadonlyMap<string, readonly RecordedEvent[]>): string[] {
  const { checkpoint } = stored;
  const position = { commit: BigInt(checkpoint.position.commit), prepare: BigInt(checkpoint.position.prepare) };
  const now = headsAt(byStream, position);
  if (merkleRoot(now.heads) === checkpoint.root && now.events === checkpoint.events) return [];
  const where = `checkpoint of ${checkpoint.created_at} (log position ${checkpoint.position.commit})`;
  if (merkleRoot(stored.heads) !== checkpoint.root) {
    return [`${where}: the history no longer matches its signed root, and its stored stream heads were altered too`];
  }
  const current = new Map(now.heads.map((h) => [h.stream, h]));
  const problems: string[] = [];
  for (const signed of stored.heads) {
    const head = current.get(signed.stream);
    current.delete(signed.stream);
    if (!head) problems.push(`${where}: stream ${signed.stream} (revision ${signed.revision}) is gone from the log`);
    else if (head.revision !== signed.revision || head.hash !== signed.hash) {
      problems.push(
        `${where}: stream ${signed.stream} no longer matches: the signed head was revision ${signed.revision} hash ${signed.hash.slice(0, 12)}…, ` +
          `the log now has revision ${head.revision} hash ${head.hash.slice(0, 12)}… (an event at or before it was rewritten)`,
      );
    }
  }
  for (const extra of current.values()) problems.push(`${where}: stream ${extra.stream} was not in the log when it was signed`);
  if (problems.length === 0) problems.push(`${where}: ${checkpoint.events} events were signed, the log now has ${now.events} up to that position`);
  return problems;
}
