import { formatPence, type Pence, type WalletEvent } from '@playquid/contracts';
import canonicalize from 'canonicalize';
import { walletMoneyChange } from '../wallet/money-change';

/**
 * A member's statement that anyone can check without trusting us afterwards: every wallet event with
 * its amount, running balances and hash-chain link, signed as a whole with the server's Ed25519 key.
 * The signed bytes are the RFC 8785 canonical JSON of the body (everything but `signature`), so the
 * JSON and the CSV export of one statement carry the same signature: the CSV is read back into the
 * body before checking. Pure: signing happens on the server (node:crypto); verification uses
 * WebCrypto's Ed25519, present in Node 20 and in Chromium, so the CLI and the browser run this same code.
 */

export const STATEMENT_FORMAT = 'playquid-statement/1';
export const STATEMENT_SIGNATURE_ALGORITHM = 'Ed25519';

export interface StatementLine {
  event_id: string;
  revision: number;
  type: string;
  at: string;
  available_change_pence: Pence;
  pending_change_pence: Pence;
  reserved_change_pence: Pence;
  available_balance_pence: Pence;
  pending_balance_pence: Pence;
  reserved_balance_pence: Pence;
  /** The event's hash in the store's chain, and the hash of the event before it in the stream (null for the first). */
  hash: string;
  previous_hash: string | null;
}

export interface StatementBalancesProven {
  available_pence: Pence;
  pending_pence: Pence;
  reserved_pence: Pence;
}

export interface StatementBody {
  format: typeof STATEMENT_FORMAT;
  member_uid: string;
  stream: string;
  generated_at: string;
  events: StatementLine[];
  balance: StatementBalancesProven;
}

export interface StatementSignature {
  algorithm: typeof STATEMENT_SIGNATURE_ALGORITHM;
  key_id: string;
  /** base64 of the 64-byte Ed25519 signature over statementSigningBytes(body). */
  value: string;
}

export interface SignedStatement extends StatementBody {
  signature: StatementSignature;
}

/** A public key as `GET /api/statement-keys` publishes it. */
export interface StatementPublicKey {
  key_id: string;
  algorithm: typeof STATEMENT_SIGNATURE_ALGORITHM;
  /** base64 of the 32-byte raw public key. */
  public_key: string;
  status: 'active' | 'retired';
}

/** A wallet event as the store recorded it, with its chain link. */
export interface ChainedWalletEvent {
  id: string;
  revision: number;
  createdAt: string;
  hash: string;
  previousHash: string | null;
  event: WalletEvent;
}

/** The statement body of a wallet stream (events in revision order): every event, money-moving or not. */
export function buildStatementBody(memberUid: string, stream: string, events: readonly ChainedWalletEvent[], generatedAt: string): StatementBody {
  const amounts = new Map<string, Pence>();
  let available = 0;
  let pending = 0;
  let reserved = 0;
  const lines: StatementLine[] = events.map((recorded) => {
    const event = recorded.event;
    if (event.type === 'EarningCredited') amounts.set(event.data.earningId, event.data.amountPence);
    const money = walletMoneyChange(event, (earningId) => amounts.get(earningId) ?? 0);
    const change = { a: money?.availablePence ?? 0, p: money?.pendingPence ?? 0, r: money?.reservedPence ?? 0 };
    available += change.a;
    pending += change.p;
    reserved += change.r;
    return {
      event_id: recorded.id,
      revision: recorded.revision,
      type: event.type,
      at: recorded.createdAt,
      available_change_pence: change.a,
      pending_change_pence: change.p,
      reserved_change_pence: change.r,
      available_balance_pence: available,
      pending_balance_pence: pending,
      reserved_balance_pence: reserved,
      hash: recorded.hash,
      previous_hash: recorded.previousHash,
    };
  });
  return {
    format: STATEMENT_FORMAT,
    member_uid: memberUid,
    stream,
    generated_at: generatedAt,
    events: lines,
    balance: { available_pence: available, pending_pence: pending, reserved_pence: reserved },
  };
}

/** The exact bytes the server signs: the canonical JSON (RFC 8785) of the body, UTF-8. */
export function statementSigningBytes(body: StatementBody): Uint8Array<ArrayBuffer> {
  const { format, member_uid, stream, generated_at, events, balance } = body;
  return new TextEncoder().encode(canonicalize({ format, member_uid, stream, generated_at, events, balance }) ?? '');
}

// --- CSV form -------------------------------------------------------------------------------------

export const STATEMENT_CSV_COLUMNS = [
  'event_id',
  'revision',
  'type',
  'at',
  'available_change_pence',
  'pending_change_pence',
  'reserved_change_pence',
  'available_balance_pence',
  'pending_balance_pence',
  'reserved_balance_pence',
  'hash',
  'previous_hash',
] as const satisfies ReadonlyArray<keyof StatementLine>;

const NUMERIC = new Set<string>([
  'revision',
  'available_change_pence',
  'pending_change_pence',
  'reserved_change_pence',
  'available_balance_pence',
  'pending_balance_pence',
  'reserved_balance_pence',
]);

/**
 * The CSV form: `#` lines carry the header fields, the balance and the signature; one row per event.
 * Every value is an id, a type name, an ISO time, a whole number of pence or a hex hash: no commas,
 * quotes or member-entered text, so no quoting is needed.
 */
export function statementToCsv(statement: SignedStatement): string {
  const lines = [
    `# format,${statement.format}`,
    `# member_uid,${statement.member_uid}`,
    `# stream,${statement.stream}`,
    `# generated_at,${statement.generated_at}`,
    STATEMENT_CSV_COLUMNS.join(','),
    ...statement.events.map((line) => STATEMENT_CSV_COLUMNS.map((column) => String(line[column] ?? '')).join(',')),
    `# balance,${statement.balance.available_pence},${statement.balance.pending_pence},${statement.balance.reserved_pence}`,
    `# signature,${statement.signature.algorithm},${statement.signature.key_id},${statement.signature.value}`,
  ];
  return `${lines.join('\n')}\n`;
}

export class StatementFormatError extends Error {}

function parseCsv(text: string): SignedStatement {
  const fields = new Map<string, string[]>();
  const rows: StatementLine[] = [];
  let header: string[] | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const [name, ...values] = line.slice(1).trim().split(',');
      fields.set(name, values);
      continue;
    }
    const cells = line.split(',');
    if (header === null) {
      header = cells;
      if (STATEMENT_CSV_COLUMNS.some((c, i) => header?.[i] !== c)) throw new StatementFormatError(`The CSV columns are not ${STATEMENT_CSV_COLUMNS.join(',')}`);
      continue;
    }
    if (cells.length !== STATEMENT_CSV_COLUMNS.length) throw new StatementFormatError(`Row ${rows.length + 1} has ${cells.length} cells, not ${STATEMENT_CSV_COLUMNS.length}`);
    const row: Record<string, unknown> = {};
    STATEMENT_CSV_COLUMNS.forEach((column, i) => {
      const cell = cells[i];
      if (NUMERIC.has(column)) {
        if (!/^-?\d+$/.test(cell)) throw new StatementFormatError(`Row ${rows.length + 1}: ${column} "${cell}" is not a whole number`);
        row[column] = Number(cell);
      } else row[column] = column === 'previous_hash' && cell === '' ? null : cell;
    });
    rows.push(row as unknown as StatementLine);
  }
  const one = (name: string): string => {
    const value = fields.get(name)?.[0];
    if (value === undefined) throw new StatementFormatError(`The CSV has no "# ${name}" line`);
    return value;
  };
  const balance = (fields.get('balance') ?? []).map(Number);
  const signature = fields.get('signature') ?? [];
  if (balance.length !== 3 || balance.some((n) => !Number.isSafeInteger(n))) throw new StatementFormatError('The CSV has no "# balance" line of three whole numbers');
  if (signature.length !== 3) throw new StatementFormatError('The CSV has no "# signature,Ed25519,<key id>,<signature>" line');
  return {
    format: one('format') as typeof STATEMENT_FORMAT,
    member_uid: one('member_uid'),
    stream: one('stream'),
    generated_at: one('generated_at'),
    events: rows,
    balance: { available_pence: balance[0], pending_pence: balance[1], reserved_pence: balance[2] },
    signature: { algorithm: signature[0] as typeof STATEMENT_SIGNATURE_ALGORITHM, key_id: signature[1], value: signature[2] },
  };
}

/** A statement file (JSON or CSV) read back; StatementFormatError when it is neither. */
export function parseStatementFile(text: string): SignedStatement {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new StatementFormatError('The file is not valid JSON');
    }
    const candidate = parsed as Partial<SignedStatement>;
    if (!candidate || typeof candidate !== 'object' || !Array.isArray(candidate.events) || !candidate.signature || !candidate.balance) {
      throw new StatementFormatError('The JSON is not a PlayQuid statement (events, balance and signature expected)');
    }
    return candidate as SignedStatement;
  }
  if (trimmed.startsWith('#')) return parseCsv(trimmed);
  throw new StatementFormatError('The file is neither a JSON nor a CSV PlayQuid statement');
}

// --- verification ---------------------------------------------------------------------------------

export interface StatementVerification {
  intact: boolean;
  /** One sentence per problem; empty when intact. */
  problems: string[];
  keyId: string | null;
  memberUid: string | null;
  events: number;
  /** The balance the statement proves (only when intact). */
  balance: StatementBalancesProven | null;
  generatedAt: string | null;
}

function base64ToBytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Checks one event line against the one before it: revision, chain link and running balances. */
function lineProblems(line: StatementLine, index: number, previous: StatementLine | undefined): string[] {
  const problems: string[] = [];
  const name = `event ${index + 1} (${line.event_id})`;
  if (line.revision !== index) problems.push(`${name}: revision ${line.revision} where ${index} was expected (an event was removed or reordered)`);
  if ((line.previous_hash ?? null) !== (previous?.hash ?? null)) problems.push(`${name}: its chain link does not name the event before it`);
  const before = previous ?? { available_balance_pence: 0, pending_balance_pence: 0, reserved_balance_pence: 0 };
  const pairs: Array<[string, number, number, number]> = [
    ['available', before.available_balance_pence, line.available_change_pence, line.available_balance_pence],
    ['pending', before.pending_balance_pence, line.pending_change_pence, line.pending_balance_pence],
    ['reserved', before.reserved_balance_pence, line.reserved_change_pence, line.reserved_balance_pence],
  ];
  for (const [label, was, change, now] of pairs) {
    if (was + change !== now) problems.push(
        `${name}: ${label} balance ${formatPence(now)} does not follow from ${formatPence(was)} and the change ${formatPence(change)}`,
      );
  }
  return problems;
}

/**
 * Whether a signed statement is intact: signed by one of `keys` (active or retired) over exactly
 * these contents, each event chained to the one before it, and each running balance the sum of the
 * amounts before it. Async only because WebCrypto is.
 */
export async function verifySignedStatement(statement: SignedStatement, keys: readonly StatementPublicKey[]): Promise<StatementVerification> {
  const problems: string[] = [];
  const events = Array.isArray(statement.events) ? statement.events : [];
  const result = (balance: StatementBalancesProven | null): StatementVerification => ({
    intact: problems.length === 0,
    problems,
    keyId: statement.signature?.key_id ?? null,
    memberUid: statement.member_uid ?? null,
    events: events.length,
    balance: problems.length === 0 ? balance : null,
    generatedAt: statement.generated_at ?? null,
  });
  if (statement.format !== STATEMENT_FORMAT) problems.push(`Unknown statement format "${String(statement.format)}" (expected ${STATEMENT_FORMAT})`);
  events.forEach((line, i) => problems.push(...lineProblems(line, i, events[i - 1])));
  const last = events.at(-1);
  const closing = { available_pence: last?.available_balance_pence ?? 0, pending_pence: last?.pending_balance_pence ?? 0, reserved_pence: last?.reserved_balance_pence ?? 0 };
  if (
    statement.balance?.available_pence !== closing.available_pence ||
    statement.balance?.pending_pence !== closing.pending_pence ||
    statement.balance?.reserved_pence !== closing.reserved_pence
  ) {
    problems.push('The closing balance does not match the last event');
  }

  const signature = statement.signature;
  if (!signature || signature.algorithm !== STATEMENT_SIGNATURE_ALGORITHM) {
    problems.push(`The signature is missing or not ${STATEMENT_SIGNATURE_ALGORITHM}`);
    return result(closing);
  }
  const key = keys.find((k) => k.key_id === signature.key_id);
  if (!key) {
    problems.push(`Unknown signing key "${signature.key_id}": not one of PlayQuid's published statement keys`);
    return result(closing);
  }
  let valid = false;
  try {
    const subtle = globalThis.crypto?.subtle;
    if (!subtle) throw new Error('WebCrypto is not available here');
    const publicKey = await subtle.importKey('raw', base64ToBytes(key.public_key), { name: 'Ed25519' }, false, ['verify']);
    valid = await subtle.verify({ name: 'Ed25519' }, publicKey, base64ToBytes(signature.value), statementSigningBytes(statement));
  } catch (error) {
    problems.push(`The signature could not be checked: ${error instanceof Error ? error.message : String(error)}`);
    return result(closing);
  }
  if (!valid) problems.push('The signature does not match: the statement was changed after PlayQuid signed it');
  return result(closing);
}

/** parseStatementFile then verifySignedStatement; a file that cannot be read is reported, not thrown. */
export async function verifyStatementFile(text: string, keys: readonly StatementPublicKey[]): Promise<StatementVerification> {
  try {
    return await verifySignedStatement(parseStatementFile(text), keys);
  } catch (error) {
    if (!(error instanceof StatementFormatError)) throw error;
    return { intact: false, problems: [error.message], keyId: null, memberUid: null, events: 0, balance: null, generatedAt: null };
  }
}
