import { beforeEach, describe, expect, it } from 'vitest';
import { Analytics, consentModeSignals, GTAG_SCRIPT_URL } from './analytics';
import { ACCEPT_ALL, ConsentStore, ESSENTIAL_ONLY } from './storage';

const memory = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
};

/** The gtag calls in the data layer, as plain arrays. */
const calls = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const pageViews = () => calls().filter(([kind, name]) => kind === 'event' && name === 'page_view').map(([, , params]) => (params as { page_path: string }).page_path);
const gtagScripts = () => [...document.querySelectorAll(`script[src^="${GTAG_SCRIPT_URL}"]`)];

let path = '/';
beforeEach(() => {
  delete window.dataLayer;
  delete window.gtag;
  gtagScripts().forEach((script) => script.remove());
  path = '/';
});

const setup = (options: { id?: string; storage?: ReturnType<typeof memory> } = {}) => {
  const store = new ConsentStore(options.storage ?? memory());
  const analytics = new Analytics({ measurementId: options.id, store, currentPath: () => path });
  return { store, analytics };
};

describe('analytics with consent mode', () => {
  it('starts with every optional storage denied, before anything else', () => {
    setup();
    expect(calls()[0]).toEqual(['consent', 'default', { ...consentModeSignals(null), wait_for_update: 500 }]);
    expect(consentModeSignals(null)).toMatchObject({ analytics_storage: 'denied', ad_storage: 'denied', functionality_storage: 'denied', security_storage: 'granted' });
  });

  it('sends no page view before consent, nor after Essential Only', () => {
    const { store, analytics } = setup();
    analytics.trackPageView('/');
    analytics.trackPageView('/offers');
    store.decide(ESSENTIAL_ONLY);
    analytics.trackPageView('/blog');
    expect(pageViews()).toEqual([]);
    expect(calls().at(-1)).toEqual(['consent', 'update', consentModeSignals(ESSENTIAL_ONLY)]);
  });

  it('after analytics consent: the current page, then one view per route change', () => {
    const { store, analytics } = setup();
    path = '/contact';
    analytics.trackPageView('/contact');
    store.decide({ ...ESSENTIAL_ONLY, analytics: true });
    expect(pageViews()).toEqual(['/contact']);
    analytics.trackPageView('/contact'); // the same route again is not a new view
    analytics.trackPageView('/offers');
    analytics.trackPageView('/blog');
    expect(pageViews()).toEqual(['/contact', '/offers', '/blog']);
    expect(calls()).toContainEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'denied' })]);
  });

  it('a returning visitor’s stored consent applies at once', () => {
    const storage = memory();
    new ConsentStore(storage).decide(ACCEPT_ALL);
    const { analytics } = setup({ storage });
    analytics.trackPageView('/dashboard');
    expect(pageViews()).toEqual(['/dashboard']);
  });

  it('loads no external script without a measurement id, even with consent', () => {
    const { store } = setup();
    store.decide(ACCEPT_ALL);
    expect(gtagScripts()).toHaveLength(0);
  });

  it('with a measurement id, loads gtag.js only once analytics is accepted, and configures no automatic page view', () => {
    const { store } = setup({ id: 'G-TEST123' });
    expect(calls()).toContainEqual(['config', 'G-TEST123', { send_page_view: false }]);
    store.decide({ ...ACCEPT_ALL, analytics: false });
    expect(gtagScripts()).toHaveLength(0);
    store.decide(ACCEPT_ALL);
    store.decide(ACCEPT_ALL);
    expect(gtagScripts().map((script) => script.getAttribute('src'))).toEqual([`${GTAG_SCRIPT_URL}?id=G-TEST123`]);
  });
});
