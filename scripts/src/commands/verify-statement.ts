import { formatPence } from '@playquid/contracts';
import { type StatementPublicKey, type StatementVerification, verifyStatementFile } from '@playquid/domain';
import { loadStatementSigning } from '@playquid/server';
import { readFileSync } from 'node:fs';

/**
 * The public keys to check against: a keys file or URL (the JSON of GET /api/statement-keys, as
 * the member's copy or the live one), else the keys this installation is configured with.
 */
async function publicKeys(source: string | undefined): Promise<StatementPublicKey[]> {
  if (!source) return loadStatementSigning(process.env).publicKeys;
  const text = /^https?:\/\//.test(source) ? await (await fetch(source)).text() : readFileSync(source, 'utf8');
  const parsed = JSON.parse(text) as { data?: { keys?: StatementPublicKey[] }; keys?: StatementPublicKey[] };
  const keys = parsed.data?.keys ?? parsed.keys;
  if (!Array.isArray(keys)) throw new Error(`${source} does not list statement keys`);
  return keys;
}

/** What the CLI prints: whether the statement is intact and the balance it proves, or each problem. */
export function describeVerification(file: string, result: StatementVerification): string[] {
  if (result.intact && result.balance) {
    const b = result.balance;
    return [
      `${file}: statement intact (member ${result.memberUid}, ${result.events} events, generated ${result.generatedAt}, signed with key ${result.keyId})`,
      `it proves: available ${formatPence(b.available_pence)}, pending ${formatPence(b.pending_pence)}, reserved for payouts ${formatPence(b.reserved_pence)}`,
    ];
  }
  return [`${file}: statement NOT intact`, ...result.problems.map((p) => `  ${p}`)];
}

export async function verifyStatement(file: string, keysSource?: string): Promise<{ lines: string[]; intact: boolean }> {
  const result = await verifyStatementFile(readFileSync(file, 'utf8'), await publicKeys(keysSource));
  return { lines: describeVerification(file, result), intact: result.intact };
}
