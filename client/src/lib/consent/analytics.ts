import { type ConsentChoices, consentStore, type ConsentStore } from './storage';

/**
 * Google Analytics with consent mode. Every signal
 * goes through `gtag` into `window.dataLayer`; gtag.js itself is loaded only when a measurement id
 * is configured and analytics was accepted, so without an id no external script is ever fetched.
 * Page views are sent only while analytics consent is granted.
 */

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

type ConsentState = 'granted' | 'denied';
const state = (granted: boolean): ConsentState => (granted ? 'granted' : 'denied');

/** Consent mode v2 signals for our three optional categories. */
export function consentModeSignals(choices: ConsentChoices | null): Record<string, ConsentState> {
  return {
    analytics_storage: state(choices?.analytics === true),
    ad_storage: state(choices?.marketing === true),
    ad_user_data: state(choices?.marketing === true),
    ad_personalization: state(choices?.marketing === true),
    functionality_storage: state(choices?.functional === true),
    personalization_storage: state(choices?.functional === true),
    security_storage: 'granted',
  };
}

export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

export interface AnalyticsOptions {
  measurementId?: string;
  store?: ConsentStore;
  win?: Window;
  /** The page's path when consent arrives, for the first page view. */
  currentPath?: () => string;
}

export class Analytics {
  private readonly measurementId?: string;
  private readonly store: ConsentStore;
  private readonly win: Window;
  private readonly currentPath: () => string;
  private scriptRequested = false;
  private lastPath: string | null = null;

  constructor(options: AnalyticsOptions = {}) {
    this.measurementId = options.measurementId?.trim() || undefined;
    this.store = options.store ?? consentStore;
    this.win = options.win ?? window;
    this.currentPath = options.currentPath ?? (() => this.win.location.pathname);
    const win = this.win;
    win.dataLayer = win.dataLayer ?? [];
    // gtag.js reads Arguments objects from the data layer, not arrays: this is Google's own snippet.
    win.gtag =
      win.gtag ??
      function gtag() {
        // eslint-disable-next-line prefer-rest-params
        win.dataLayer!.push(arguments);
      };
    // Denied until the visitor says otherwise (a returning visitor's stored answer applies at once).
    this.gtag('consent', 'default', { ...consentModeSignals(null), wait_for_update: 500 });
    this.gtag('js', new Date());
    // Page views are sent by us on route changes, never automatically by the config call.
    if (this.measurementId) this.gtag('config', this.measurementId, { send_page_view: false });
    const stored = this.store.get();
    if (stored) this.applyConsent(stored, false);
    this.store.subscribe((choices) => choices && this.applyConsent(choices, true));
  }

  private gtag(...args: unknown[]): void {
    this.win.gtag!(...args);
  }

  get granted(): boolean {
    return this.store.get()?.analytics === true;
  }

  private applyConsent(choices: ConsentChoices, justDecided: boolean): void {
    this.gtag('consent', 'update', consentModeSignals(choices));
    if (!choices.analytics) return;
    this.loadScript();
    // The page the visitor was reading when they agreed counts as viewed.
    if (justDecided) this.trackPageView(this.currentPath(), true);
  }

  private loadScript(): void {
    if (!this.measurementId || this.scriptRequested) return;
    this.scriptRequested = true;
    const script = this.win.document.createElement('script');
    script.async = true;
    script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(this.measurementId)}`;
    this.win.document.head.appendChild(script);
  }

  /** One page view per route change, only with analytics consent; repeated calls for one path count once. */
  trackPageView(path: string, force = false): void {
    if (!this.granted) return;
    if (!force && path === this.lastPath) return;
    this.lastPath = path;
    this.gtag('event', 'page_view', {
      page_path: path,
      page_location: `${this.win.location.origin}${path}`,
      page_title: this.win.document.title,
      ...(this.measurementId ? { send_to: this.measurementId } : {}),
    });
  }
}

let shared: Analytics | undefined;
/** The app's analytics, created on first use in the browser. */
export function analytics(): Analytics {
  shared ??= new Analytics({ measurementId: import.meta.env.VITE_GA_MEASUREMENT_ID });
  return shared;
}

export const trackPageView = (path: string): void => analytics().trackPageView(path);
