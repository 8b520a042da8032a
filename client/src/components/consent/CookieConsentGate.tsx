import { lazy, Suspense, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { analytics } from '../../lib/consent/analytics';
import { consentStore } from '../../lib/consent/storage';
import { noteConsentHint, releaseConsentShell } from '../../lib/shell';

// The panel (texts, toggles) is its own chunk: a returning visitor who has chosen never loads it,
// and a first-time visitor gets it right after the page's first paint.
const CookieConsentPanel = lazy(() => import('./CookieConsent').then((module) => ({ default: module.CookieConsent })));

/**
 * The shell's part of cookie consent: starts analytics (consent mode "denied" until a choice allows
 * more), and mounts the consent panel while no choice is stored or once the preferences are asked for.
 */
export function CookieConsentGate() {
  const choices = useSyncExternalStore(consentStore.subscribe, consentStore.get, () => null);
  const [preferencesAsked, setPreferencesAsked] = useState(false);

  // Analytics starts with consent mode "denied" before anything else can count a view.
  useEffect(() => void analytics(), []);
  useEffect(() => consentStore.onOpenPreferences(() => setPreferencesAsked(true)), []);
  // The server sends the banner's shell (lib/shell.ts) only while this hint says no choice is stored.
  useEffect(() => noteConsentHint(choices !== null), [choices]);
  const panelDue = !choices || preferencesAsked;
  // A shell banner for a choice made meanwhile (in another tab, or before the hint existed) goes at once;
  // else the panel takes its place when it has loaded (CookieConsent).
  useLayoutEffect(() => {
    if (!panelDue) releaseConsentShell();
  }, [panelDue]);

  if (!panelDue) return null;
  return (
    <Suspense fallback={null}>
      <CookieConsentPanel initiallyCustomizing={preferencesAsked} />
    </Suspense>
  );
}
