import { describe, expect, it, vi } from 'vitest';
import { ACCEPT_ALL, CONSENT_MAX_AGE_MS, CONSENT_STORAGE_KEY, ConsentStore, ESSENTIAL_ONLY, readConsent, writeConsent } from './storage';

const memory = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
};
const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('cookie consent storage', () => {
  it('is undecided until a choice is stored, then reads it back with essential always on', () => {
    const storage = memory();
    expect(readConsent(storage, NOW)).toBeNull();
    writeConsent(storage, { ...ESSENTIAL_ONLY, functional: true }, NOW);
    expect(readConsent(storage, NOW)).toEqual({ essential: true, analytics: false, marketing: false, functional: true });
    expect(JSON.parse(storage.items.get(CONSENT_STORAGE_KEY)!)).toMatchObject({ version: 1, decided_at: '2026-03-01T12:00:00.000Z' });
  });

  it('keeps a choice for a year, then asks again', () => {
    const storage = memory();
    writeConsent(storage, ACCEPT_ALL, NOW);
    expect(readConsent(storage, NOW + CONSENT_MAX_AGE_MS - 1)).toEqual(ACCEPT_ALL);
    expect(readConsent(storage, NOW + CONSENT_MAX_AGE_MS)).toBeNull();
  });

  it('treats anything unreadable, from another version or from the future as undecided', () => {
    for (const raw of ['not json', '{}', JSON.stringify({ version: 2, choices: ACCEPT_ALL, decided_at: new Date(NOW).toISOString() }),
      JSON.stringify({ version: 1, choices: ACCEPT_ALL, decided_at: 'yesterday' }),
      JSON.stringify({ version: 1, choices: ACCEPT_ALL, decided_at: new Date(NOW + 86_400_000).toISOString() })]) {
      const storage = memory();
      storage.setItem(CONSENT_STORAGE_KEY, raw);
      expect(readConsent(storage, NOW)).toBeNull();
    }
  });

  it('only a literal true grants a category', () => {
    const storage = memory();
    storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ version: 1, choices: { analytics: 'yes', marketing: 1, functional: true }, decided_at: new Date(NOW).toISOString() }));
    expect(readConsent(storage, NOW)).toEqual({ essential: true, analytics: false, marketing: false, functional: true });
  });

  it('survives a browser that refuses storage', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); } };
    expect(readConsent(refusing, NOW)).toBeNull();
    const store = new ConsentStore(refusing, () => NOW);
    store.decide(ACCEPT_ALL);
    expect(store.get()).toEqual(ACCEPT_ALL);
  });

  it('the store persists a decision and tells its listeners', () => {
    const storage = memory();
    const store = new ConsentStore(storage, () => NOW);
    const listener = vi.fn();
    store.subscribe(listener);
    store.decide({ essential: true, analytics: true, marketing: false, functional: false });
    expect(listener).toHaveBeenCalledWith({ essential: true, analytics: true, marketing: false, functional: false });
    expect(new ConsentStore(storage, () => NOW + 1000).get()).toEqual({ essential: true, analytics: true, marketing: false, functional: false });
  });
});
