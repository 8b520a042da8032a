import { env } from '../env';
import { ensureUser, verifyEmail } from '../firebase-emulator';
import { makeAdmin } from './make-admin';
import { sendCallback } from './send-callback';

export const DEMO_PASSWORD = 'playquid-demo';
export const DEMO_MEMBER = 'demo@playquid.test';
export const DEMO_ADMIN = 'admin@playquid.test';

async function api(path: string, token: string, body?: unknown) {
  const response = await fetch(`${env.apiUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const DEMO_CALLBACKS = [
  { tx: 'seed-o-1001', amount: '1.20', offerId: '5011', offerName: 'Dragon Clash', taskName: 'Reach level 10' },
  { tx: 'seed-o-1002', amount: '3.50', offerId: '5012', offerName: 'Merge Kingdom', taskName: 'Complete chapter 3' },
  { tx: 'seed-o-1003', amount: '0.75', offerId: '5013', offerName: 'Solitaire Stars', taskName: 'Win 5 games', state: 'PENDING' },
];

/**
 * Demo data through the real paths: accounts in the Auth emulator, profiles through the API, money
 * through signed callbacks. Idempotent: transaction ids are fixed, so a second run books nothing.
 */
export async function seed(): Promise<void> {
  await ensureUser(DEMO_MEMBER, DEMO_PASSWORD);
  const member = await verifyEmail(DEMO_MEMBER, DEMO_PASSWORD);
  await api('/api/auth/register', member.idToken, { email: DEMO_MEMBER, username: 'demo', gender: 'female' });
  await api('/api/auth/verify-token', member.idToken);

  await ensureUser(DEMO_ADMIN, DEMO_PASSWORD);
  const admin = await verifyEmail(DEMO_ADMIN, DEMO_PASSWORD);
  await api('/api/auth/register', admin.idToken, { email: DEMO_ADMIN, username: 'admin', gender: 'male' });
  await makeAdmin(admin.uid, 'seed');

  for (const callback of DEMO_CALLBACKS) {
    const result = await sendCallback({ uid: member.uid, ...callback });
    if (result.status !== 200) throw new Error(`seed callback ${callback.tx}: ${result.status} ${JSON.stringify(result.body)}`);
  }
  console.log(`Demo member: ${DEMO_MEMBER} / ${DEMO_PASSWORD}`);
  console.log(`Demo admin:  ${DEMO_ADMIN} / ${DEMO_PASSWORD}`);
}
