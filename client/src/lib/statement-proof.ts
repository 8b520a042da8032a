import type { StatementPublicKey } from '@playquid/domain';

export type StatementFormat = 'json' | 'csv';

/** The filename the server gives in Content-Disposition, else a sensible one. */
export function dispositionFilename(header: string | null, format: StatementFormat): string {
  const match = header?.match(/filename="([^"]+)"/);
  return match?.[1] ?? `playquid-statement.${format}`;
}

/** Downloads the member's signed statement as a file (the browser's own download, named by the server). */
export async function downloadSignedStatement(format: StatementFormat): Promise<string> {
  // Firebase is loaded on demand (never on a visitor's first load); a signed-in page has it already.
  const { firebaseAuth } = await import('./firebase');
  const user = firebaseAuth.currentUser;
  if (!user) throw new Error('Sign in to download your statement');
  const response = await fetch(`/api/users/statement/export?format=${format}`, { headers: { authorization: `Bearer ${await user.getIdToken()}` } });
  if (!response.ok) throw new Error(`The statement could not be downloaded (${response.status})`);
  const filename = dispositionFilename(response.headers.get('content-disposition'), format);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}

/** The public keys statements are signed with (public, cacheable; no sign-in). */
export async function fetchStatementKeys(): Promise<StatementPublicKey[]> {
  const response = await fetch('/api/statement-keys');
  if (!response.ok) throw new Error(`The statement keys could not be loaded (${response.status})`);
  const body = (await response.json()) as { data: { keys: StatementPublicKey[] } };
  return body.data.keys;
}
