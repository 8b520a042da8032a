import { env } from './env';

/**
 * The Firebase Auth emulator's REST API (the same Identity Toolkit endpoints the web SDK calls),
 * used by the seed, the benchmark and the tests to create members and get real ID tokens.
 */
const base = () => `http://${env.firebaseEmulatorHost}`;
const toolkit = (path: string) => `${base()}/identitytoolkit.googleapis.com/v1/${path}?key=demo-key`;

export interface EmulatorUser {
  uid: string;
  email: string;
  idToken: string;
}

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`Auth emulator ${url}: ${json.error?.message ?? response.status}`);
  return json;
}

export async function signUp(email: string, password: string): Promise<EmulatorUser> {
  const r = await post<{ localId: string; idToken: string }>(toolkit('accounts:signUp'), { email, password, returnSecureToken: true });
  return { uid: r.localId, email, idToken: r.idToken };
}

export async function signIn(email: string, password: string): Promise<EmulatorUser> {
  const r = await post<{ localId: string; idToken: string }>(toolkit('accounts:signInWithPassword'), { email, password, returnSecureToken: true });
  return { uid: r.localId, email, idToken: r.idToken };
}

/** Sign up, or sign in when the account exists already (keeps the seed idempotent). */
export async function ensureUser(email: string, password: string): Promise<EmulatorUser> {
  try {
    return await signUp(email, password);
  } catch (error) {
    if (!String(error).includes('EMAIL_EXISTS')) throw error;
    return signIn(email, password);
  }
}

/** Marks the email verified (as clicking the emulator's link would), then returns a fresh token. */
export async function verifyEmail(email: string, password: string): Promise<EmulatorUser> {
  const user = await signIn(email, password);
  await post(
    `${base()}/identitytoolkit.googleapis.com/v1/projects/${env.firebaseProjectId}/accounts:update`,
    { localId: user.uid, emailVerified: true },
    { authorization: 'Bearer owner' },
  );
  return signIn(email, password);
}

/** Verification and reset links the emulator "sent" (the email verification flow). */
export async function oobCodes(): Promise<Array<{ email: string; oobLink: string; requestType: string }>> {
  const response = await fetch(`${base()}/emulator/v1/projects/${env.firebaseProjectId}/oobCodes`);
  const json = (await response.json()) as { oobCodes: Array<{ email: string; oobLink: string; requestType: string }> };
  return json.oobCodes ?? [];
}

export async function isEmulatorUp(): Promise<boolean> {
  try {
    return (await fetch(`${base()}/`)).ok;
  } catch {
    return false;
  }
}
