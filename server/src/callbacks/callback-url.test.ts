import { describe, expect, it } from 'vitest';
import { parseCallbackParams } from './callback-params';
import { buildSignedCallbackUrl } from './callback-url';
import { verifySignedUrl } from './signature';

const BASE = 'https://api.playquid.test';
const SECRET = 'test-secret';

describe('buildSignedCallbackUrl', () => {
  it('builds the URL in BitLabs parameter order with the hash last, signed over the public URL', () => {
    const url = buildSignedCallbackUrl(BASE, SECRET, { uid: 'u1', tx: 'o1', val: '1.25', offerId: '42', offerName: 'Dragon Clash', state: 'COMPLETED' });
    expect(url).toMatch(/^https:\/\/api\.playquid\.test\/api\/bitlabs\/callback\?uid=u1&tx=o1&val=1\.25&offer_id=42&offer_name=Dragon\+Clash&state=COMPLETED&type=COMPLETE&hash=[0-9a-f]{40}$/);
    expect(verifySignedUrl(url, SECRET).valid).toBe(true);
    expect(verifySignedUrl(url, 'other-secret').valid).toBe(false);
  });

  it('parses back into the callback the intake expects, including debug and a reversal', () => {
    const url = buildSignedCallbackUrl(`${BASE}/`, SECRET, { uid: 'u1', tx: 'or1', val: '-1.25', state: 'RECONCILED', ref: 'o1', debug: true });
    expect(verifySignedUrl(url, SECRET).valid).toBe(true);
    const parsed = parseCallbackParams(new URL(url).searchParams);
    expect(parsed).toMatchObject({
      ok: true,
      callback: { userId: 'u1', transactionId: 'or1', rewardPence: -125, state: 'RECONCILED', type: 'RECONCILIATION', ref: 'o1', debug: true },
    });
  });
});
