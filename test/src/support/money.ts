import { buildCallbackUrl, type EmulatorUser } from '@playquid/scripts';
import { handleCommand } from '@playquid/server';
import { userDecider } from '@playquid/domain';
import { eventually, type Stack, TEST_PUBLIC_BASE_URL, TEST_SECRET } from './stack';

export const bearer = (user: EmulatorUser) => `Bearer ${user.idToken}`;

/**
 * The path and query of a URL signed as BitLabs signs it, for the in-process HTTP client. A stack
 * that listens is its own public base URL (`stack.url`): pass it, as the signature covers the host.
 */
export function signedPath(options: Parameters<typeof buildCallbackUrl>[0], baseUrl = TEST_PUBLIC_BASE_URL): string {
  return buildCallbackUrl({ baseUrl, secret: TEST_SECRET, ...options }).slice(baseUrl.length);
}

export async function balanceOf(stack: Stack, user: EmulatorUser) {
  return (await stack.http.get('/api/users/balance').set('authorization', bearer(user)).expect(200)).body.data;
}

/** Waits until the member's projected available balance is exactly `pence`. */
export const availableBecomes = (stack: Stack, user: EmulatorUser, pence: number) =>
  eventually(async () => ((await balanceOf(stack, user)).available_pence === pence ? true : undefined));

/**
 * A signed BitLabs callback, waited for until its earning is projected (the balance row is written
 * in the same transaction, so the balance shows it too).
 */
export async function earn(
  stack: Stack,
  user: EmulatorUser,
  amount: string,
  options: { tx: string; state?: 'COMPLETED' | 'PENDING'; offerId?: string; offerName?: string },
) {
  await stack.http.get(signedPath({ uid: user.uid, amount, ...options }, stack.url)).expect(200);
  await eventually(() => stack.db.selectFrom('earnings').select('id').where('transaction_id', '=', options.tx).executeTakeFirst());
}

/** Grants ADMIN as the CLI does (a UserRoleChanged event) and waits until the API honours it. */
export async function makeAdmin(stack: Stack, user: EmulatorUser): Promise<void> {
  await handleCommand(stack.store, `user-${user.uid}`, userDecider, {
    type: 'ChangeRole',
    uid: user.uid,
    role: 'ADMIN',
    changedBy: 'test',
    reason: null,
    now: new Date().toISOString(),
  });
  // The role reaches the guard through the read model; a loaded 2-core CI machine may take longer than the default 10 s.
  await eventually(
    async () => ((await stack.http.get('/api/admin/payouts').set('authorization', bearer(user))).status === 200 ? true : undefined),
    30_000,
  );
}

export const walletTypes = async (stack: Stack, uid: string) => (await stack.store.readStream(`wallet-${uid}`)).map((e) => e.type);

export const PAYOUT_BODY = { method: 'tremendous_reward', payment_details: { delivery_method: 'email' } };
