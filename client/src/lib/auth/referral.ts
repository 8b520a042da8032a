/** Where a `?ref={uid}` from the landing page waits until the visitor signs up. */
export const REFERRAL_STORAGE_KEY = 'playquid.referredBy';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// Firebase uids are 1-128 characters, letters, digits and a few safe symbols.
const PLAUSIBLE_UID = /^[A-Za-z0-9_-]{1,128}$/;

/** Keeps the referrer's uid; the last link followed wins. Anything that cannot be a uid is ignored. */
export function rememberReferral(ref: unknown, store: KeyValueStore = localStorage): void {
  if (typeof ref !== 'string') return;
  const uid = ref.trim();
  if (PLAUSIBLE_UID.test(uid)) store.setItem(REFERRAL_STORAGE_KEY, uid);
}

export function storedReferral(store: KeyValueStore = localStorage): string | undefined {
  return store.getItem(REFERRAL_STORAGE_KEY) ?? undefined;
}

export function forgetReferral(store: KeyValueStore = localStorage): void {
  store.removeItem(REFERRAL_STORAGE_KEY);
}
