import { beforeEach, describe, expect, it } from 'vitest';
import { forgetReferral, REFERRAL_STORAGE_KEY, rememberReferral, storedReferral } from './referral';

describe('referral capture', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the uid of a ?ref= link until sign-up', () => {
    rememberReferral('uid_ABC-123');
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('uid_ABC-123');
    expect(storedReferral()).toBe('uid_ABC-123');
    forgetReferral();
    expect(storedReferral()).toBeUndefined();
  });

  it('lets the last link followed win', () => {
    rememberReferral('first');
    rememberReferral('second');
    expect(storedReferral()).toBe('second');
  });

  it('ignores values that cannot be a uid', () => {
    rememberReferral('');
    rememberReferral('<script>');
    rememberReferral(42);
    rememberReferral(undefined);
    expect(storedReferral()).toBeUndefined();
  });
});
