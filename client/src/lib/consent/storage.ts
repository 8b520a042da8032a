/**
 * Cookie consent:
 * the member's choices, kept in local storage with the moment they were made. A choice older than
 * a year counts as none, so the banner asks again.
 */

export interface ConsentChoices {
  /** Sign-in and security: always on, not a choice. */
  essential: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
}

export type OptionalCategory = Exclude<keyof ConsentChoices, 'essential'>;
export const OPTIONAL_CATEGORIES: readonly OptionalCategory[] = ['analytics', 'marketing', 'functional'];

export const ACCEPT_ALL: ConsentChoices = { essential: true, analytics: true, marketing: true, functional: true };
export const ESSENTIAL_ONLY: ConsentChoices = { essential: true, analytics: false, marketing: false, functional: false };

export const CONSENT_STORAGE_KEY = 'playquid_cookie_consent';
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
/** Bumped when the categories change, so earlier answers are asked again rather than misread. */
const CONSENT_VERSION = 1;

interface StoredConsent {
  version: number;
  choices: ConsentChoices;
  decided_at: string;
}

export type ConsentStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored choices, or null when undecided, expired, from another version or unreadable. */
export function readConsent(storage: ConsentStorage | undefined, now = Date.now()): ConsentChoices | null {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(CONSENT_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredConsent>;
    const decidedAt = Date.parse(String(stored.decided_at));
    if (stored.version !== CONSENT_VERSION || !stored.choices || !Number.isFinite(decidedAt)) return null;
    if (now - decidedAt >= CONSENT_MAX_AGE_MS || decidedAt > now + 60_000) return null;
    const { analytics, marketing, functional } = stored.choices;
    return { essential: true, analytics: analytics === true, marketing: marketing === true, functional: functional === true };
  } catch {
    return null;
  }
}

/** Records the choices; a browser refusing storage (private mode, quota) still gets them for this visit. */
export function writeConsent(storage: ConsentStorage | undefined, choices: ConsentChoices, now = Date.now()): void {
  const stored: StoredConsent = { version: CONSENT_VERSION, choices: { ...choices, essential: true }, decided_at: new Date(now).toISOString() };
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Nothing to do: the banner simply asks again next visit.
  }
}

type Listener = (choices: ConsentChoices | null) => void;

/** The current choices, shared by the banner and analytics; tests create their own. */
export class ConsentStore {
  private choices: ConsentChoices | null;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly storage: ConsentStorage | undefined,
    private readonly clock: () => number = Date.now,
  ) {
    this.choices = readConsent(storage, clock());
  }

  readonly get = (): ConsentChoices | null => this.choices;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private readonly openers = new Set<() => void>();

  /** "Cookie settings" elsewhere on the site: asks the banner to show its Customize panel again. */
  openPreferences(): void {
    for (const opener of this.openers) opener();
  }

  readonly onOpenPreferences = (opener: () => void): (() => void) => {
    this.openers.add(opener);
    return () => this.openers.delete(opener);
  };

  decide(choices: ConsentChoices): void {
    this.choices = { ...choices, essential: true };
    writeConsent(this.storage, this.choices, this.clock());
    for (const listener of this.listeners) listener(this.choices);
  }
}

const browserStorage = (): ConsentStorage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
};

export const consentStore = new ConsentStore(browserStorage());
