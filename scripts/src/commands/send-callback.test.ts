import { verifySignedUrl } from '@playquid/server';
import { describe, expect, it } from 'vitest';
import { buildCallbackUrl } from './send-callback';

describe('send-callback (the BitLabs stand-in)', () => {
  it('signs the URL as BitLabs does, with hash as the last parameter', () => {
    const url = buildCallbackUrl({ uid: 'u1', amount: '1.25', tx: 'o42', offerName: 'Dragon Clash', baseUrl: 'https://api.example.test', secret: 'k' });
    expect(url).toMatch(/^https:\/\/api\.example\.test\/api\/bitlabs\/callback\?uid=u1&tx=o42&val=1\.25&raw=1\.6250&offer_name=Dragon\+Clash&state=COMPLETED&type=COMPLETE&hash=[0-9a-f]{40}$/);
    expect(verifySignedUrl(url, 'k').valid).toBe(true);
    expect(verifySignedUrl(url, 'other').valid).toBe(false);
  });

  it('builds a default-mode reversal with ref', () => {
    const url = new URL(buildCallbackUrl({ uid: 'u1', amount: '-1.25', tx: 'or42', ref: 'o42', state: 'RECONCILED', baseUrl: 'https://x.test', secret: 'k' }));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ tx: 'or42', val: '-1.25', ref: 'o42', state: 'RECONCILED', type: 'RECONCILIATION' });
  });
});
