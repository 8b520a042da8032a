import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oobCodes } from '@playquid/scripts';
import { registeredMember } from '../support/members';
import { type Stack, startStack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const verificationLinksFor = async (email: string) =>
  (await oobCodes()).filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').length;

describe('POST /api/auth/resend-verification', () => {
  it('sends the verification email again for an unverified member and writes no event', async () => {
    const member = await registeredMember(stack, { verified: false, label: 'resend' });
    const before = await verificationLinksFor(member.email);
    const eventsBefore = await stack.store.readStream(`user-${member.uid}`);

    const response = await stack.http.post('/api/auth/resend-verification').set('authorization', `Bearer ${member.idToken}`).expect(200);
    expect(response.body).toEqual({ success: true, message: 'Verification email sent! Please check your inbox.', data: { sent: true } });
    expect(await verificationLinksFor(member.email)).toBe(before + 1);
    expect(await stack.store.readStream(`user-${member.uid}`)).toEqual(eventsBefore);
  });

  it('tells an already verified member so, and sends nothing', async () => {
    const member = await registeredMember(stack, { verified: true, label: 'resend-verified' });
    const before = await verificationLinksFor(member.email);
    const response = await stack.http.post('/api/auth/resend-verification').set('authorization', `Bearer ${member.idToken}`).expect(200);
    expect(response.body).toMatchObject({ success: true, message: 'Your email is already verified', data: { sent: false } });
    expect(await verificationLinksFor(member.email)).toBe(before);
  });

  it('refuses a visitor without a token (401) and a forged token (401)', async () => {
    const missing = await stack.http.post('/api/auth/resend-verification').expect(401);
    expect(missing.body).toMatchObject({ success: false, message: 'Missing bearer token', data: null });
    const forged = await stack.http.post('/api/auth/resend-verification').set('authorization', 'Bearer not.a.token').expect(401);
    expect(forged.body).toMatchObject({ success: false, message: 'Invalid or expired token' });
  });

  it('allows 3 per member every 10 minutes, then 429 with a helpful message; other members are not affected', async () => {
    const member = await registeredMember(stack, { verified: false, label: 'resend-limit' });
    const auth = `Bearer ${member.idToken}`;
    for (let i = 0; i < 3; i++) await stack.http.post('/api/auth/resend-verification').set('authorization', auth).expect(200);
    const sent = await verificationLinksFor(member.email);

    const refused = await stack.http.post('/api/auth/resend-verification').set('authorization', auth).expect(429);
    expect(refused.body).toMatchObject({ success: false, data: null });
    expect(refused.body.message).toMatch(
      /^You can request 3 verification emails every 10 minutes\. Please check your inbox and spam folder, or try again in (10 minutes|\d minutes?)\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await verificationLinksFor(member.email)).toBe(sent);

    // The limit is per member: someone else on the same address still gets their email.
    const other = await registeredMember(stack, { verified: false, label: 'resend-other' });
    await stack.http.post('/api/auth/resend-verification').set('authorization', `Bearer ${other.idToken}`).expect(200);
  });
});
