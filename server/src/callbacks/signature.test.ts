import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signCallbackUrl, signUrl, splitSignedUrl, verifySignedUrl } from './signature';

describe('BitLabs callback signature', () => {
  it('matches the published test vector', () => {
    expect(
      signUrl('https://publisher.com/complete?uid=8cc877ee-af19-488d-b28d-216fb866b996&val=500', 'JLOIAUNMHFli7ZJOQVEzm98rzqnm9'),
    ).toBe('dbcd6bb8ca677344592842a52b4fca9bec36cd4b');
  });

  it('verifies a URL it signed and cuts the hash off', () => {
    const url = signCallbackUrl('https://api.playquid.co.uk/api/bitlabs/callback?uid=u1&tx=o1&val=1.25', 's3cret');
    expect(verifySignedUrl(url, 's3cret').valid).toBe(true);
    expect(splitSignedUrl(url).signed).toBe('https://api.playquid.co.uk/api/bitlabs/callback?uid=u1&tx=o1&val=1.25');
  });

  it('refuses a wrong secret, a missing hash and a malformed hash', () => {
    const url = signCallbackUrl('https://x.test/cb?uid=u1&val=1', 'right');
    expect(verifySignedUrl(url, 'wrong').valid).toBe(false);
    expect(verifySignedUrl('https://x.test/cb?uid=u1&val=1', 'right').valid).toBe(false);
    expect(verifySignedUrl('https://x.test/cb?uid=u1&val=1&hash=zz', 'right').valid).toBe(false);
  });

  it('refuses any single-character change to a signed URL (encoding is never normalised)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }), fc.nat(), fc.constantFrom('%20', '+', 'X', '%2B'), (value, at, replacement) => {
        const base = `https://x.test/cb?uid=u1&val=${encodeURIComponent(value)}`;
        const signed = signCallbackUrl(base, 'k');
        const index = at % base.length;
        const tampered = base.slice(0, index) + replacement + base.slice(index + 1);
        fc.pre(tampered !== base);
        const hash = splitSignedUrl(signed).hash;
        expect(verifySignedUrl(`${tampered}&hash=${hash}`, 'k').valid).toBe(false);
      }),
    );
  });
});
