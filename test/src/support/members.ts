import { signUp, verifyEmail, signIn, type EmulatorUser } from '@playquid/scripts';
import { randomBytes } from 'node:crypto';
import type { Stack } from './stack';

export const PASSWORD = 'secret-pass-1';
export const uniqueEmail = (label = 'member') => `${label}-${randomBytes(5).toString('hex')}@playquid.test`;

/** A member as the client would leave them after sign-up: registered through the API. */
export async function registeredMember(
  stack: Stack,
  options: { verified?: boolean; label?: string; referredBy?: string } = {},
): Promise<EmulatorUser> {
  const email = uniqueEmail(options.label);
  let user = await signUp(email, PASSWORD);
  if (options.verified ?? true) user = await verifyEmail(email, PASSWORD);
  const response = await stack.http
    .post('/api/auth/register')
    .set('authorization', `Bearer ${user.idToken}`)
    .send({ email, gender: 'female', ...(options.referredBy ? { referred_by: options.referredBy } : {}) });
  if (response.status !== 200) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return user;
}

export { signIn };
