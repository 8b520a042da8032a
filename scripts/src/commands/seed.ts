import { setTimeout as sleep } from 'node:timers/promises';
import { env } from '../env';
import { ensureUser, verifyEmail } from '../firebase-emulator';
import { makeAdmin } from './make-admin';
import { seedBlogPosts } from './seed-blogs';
import { type CallbackOptions, sendCallback } from './send-callback';

export const DEMO_PASSWORD = 'playquid-demo';
export const DEMO_MEMBER = 'demo@playquid.test';
export const DEMO_ADMIN = 'admin@playquid.test';
export const DEMO_FRIEND = 'friend@playquid.test';
/** Featured offers of the demo: room for the landing page's 8 cards after the anchor de-duplication. */
const DEMO_FEATURED_OFFERS = 14;

async function api<T = { data: unknown }>(method: 'GET' | 'POST' | 'PUT', path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${env.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Read models follow the log within moments; the seed waits for what it needs next. */
async function until<T>(what: string, check: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`seed: timed out waiting for ${what}`);
}

type DemoCallback = Omit<CallbackOptions, 'uid'> & { tx: string };

/**
 * Transaction ids are fixed per account: a second run books nothing, and a demo account created
 * anew (an emulator that lost its accounts) earns its own demo money instead of duplicates.
 */
async function send(uid: string, callback: DemoCallback) {
  const result = await sendCallback({ ...callback, uid, tx: `${callback.tx}-${uid.slice(0, 8)}` });
  if (result.status !== 200) throw new Error(`seed callback ${callback.tx}: ${result.status} ${JSON.stringify(result.body)}`);
}

const BEFORE_PAYOUT: DemoCallback[] = [
  { tx: 'seed-o-1001', amount: '1.20', offerId: '5011', offerName: 'Dragon Clash', taskName: 'Reach level 10' },
  { tx: 'seed-o-1002', amount: '3.50', offerId: '5012', offerName: 'Merge Kingdom', taskName: 'Complete chapter 3' },
];
const AFTER_PAYOUT: DemoCallback[] = [
  { tx: 'seed-o-1003', amount: '0.75', offerId: '5013', offerName: 'Solitaire Stars', taskName: 'Win 5 games', state: 'PENDING' },
  { tx: 'seed-o-1004', amount: '2.40', offerId: '5014', offerName: 'Tower Rush', taskName: 'Build 3 towers' },
];

type AdminOffer = { id: string; anchor: string | null; featured: boolean; status: string; device_platform: number };

/** The landing page's carousel: feature a few games that exist on both phones, once. */
async function featureDemoOffers(adminToken: string): Promise<void> {
  const offers = await until('the offer catalogue', async () => {
    const page = await api<{ data: AdminOffer[] }>('GET', '/api/admin/offers?per_page=100', adminToken);
    return page.data.length > 0 ? page.data : undefined;
  });
  if (offers.some((o) => o.featured)) return;
  const groups = new Map<string, AdminOffer[]>();
  for (const offer of offers) if (offer.anchor && offer.status === 'active') groups.set(offer.anchor, [...(groups.get(offer.anchor) ?? []), offer]);
  const bothPhones = [...groups.values()].filter((g) => g.some((o) => o.device_platform === 1) && g.some((o) => o.device_platform === 2));
  let featured = 0;
  for (const group of bothPhones) {
    if (featured + group.length > DEMO_FEATURED_OFFERS) continue;
    await api('PUT', `/api/admin/offers/${group[0].id}/featured?featured=true`, adminToken);
    featured += group.length;
  }
}

async function member(email: string, username: string, gender: 'male' | 'female', referredBy?: string) {
  await ensureUser(email, DEMO_PASSWORD);
  const user = await verifyEmail(email, DEMO_PASSWORD);
  await api('POST', '/api/auth/register', user.idToken, { email, username, gender, ...(referredBy ? { referred_by: referredBy } : {}) });
  await api('POST', '/api/auth/verify-token', user.idToken);
  return user;
}

/**
 * Demo data through the real paths: accounts in the Auth emulator, profiles through the API, money
 * through signed callbacks, and one payout an admin has paid. Idempotent: transaction ids are fixed
 * per account and the payout is made only when the member has none yet.
 */
export async function seed(): Promise<void> {
  const demo = await member(DEMO_MEMBER, 'demo', 'female');
  const admin = await member(DEMO_ADMIN, 'admin', 'male');
  await makeAdmin(admin.uid, 'seed');

  for (const callback of BEFORE_PAYOUT) await send(demo.uid, callback);
  const history = await api<{ total: number }>('GET', '/api/users/payouts?per_page=1', demo.idToken);
  if (history.total === 0) {
    // £2.00 bonus + £4.70 earned, paid out as a reward email and marked paid by the admin.
    await until('the demo earnings', async () => {
      const balance = await api<{ data: { available_pence: number } }>('GET', '/api/users/balance', demo.idToken);
      return balance.data.available_pence >= 670 ? true : undefined;
    });
    const { data } = await api<{ data: { payout_id: string } }>('POST', '/api/users/payout', demo.idToken, {
      method: 'tremendous_reward',
      payment_details: { delivery_method: 'email' },
    });
    await until('the admin role', async () => {
      const response = await fetch(`${env.apiUrl}/api/admin/payouts?per_page=100`, { headers: { authorization: `Bearer ${admin.idToken}` } });
      if (!response.ok) return undefined;
      const body = (await response.json()) as { data: { id: string }[] };
      return body.data.some((p) => p.id === data.payout_id) ? true : undefined;
    });
    await api('POST', `/api/admin/payouts/${data.payout_id}/process`, admin.idToken, { transaction_id: 'DEMO-BANK-0001', notes: 'Demo payout' });
  }
  for (const callback of AFTER_PAYOUT) await send(demo.uid, callback);

  // A friend who joined through the demo member's referral link and completed an offer.
  const friend = await member(DEMO_FRIEND, 'friend', 'male', demo.uid);
  await send(friend.uid, { tx: 'seed-o-2001', amount: '0.90', offerId: '5011', offerName: 'Dragon Clash', taskName: 'Install and open' });

  await featureDemoOffers(admin.idToken);
  await seedBlogPosts(admin.idToken);

  console.log(`Demo member: ${DEMO_MEMBER} / ${DEMO_PASSWORD}`);
  console.log(`Demo admin:  ${DEMO_ADMIN} / ${DEMO_PASSWORD}`);
}
