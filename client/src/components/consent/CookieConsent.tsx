import { Link } from '@tanstack/react-router';
import { Cookie, X } from 'lucide-react';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { ACCEPT_ALL, type ConsentChoices, consentStore, ESSENTIAL_ONLY, type OptionalCategory } from '../../lib/consent/storage';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ConsentToggle } from './ConsentToggle';
import { releaseConsentShell } from '../../lib/shell';

const CATEGORIES: Array<{ key: OptionalCategory; title: string; text: string }> = [
  { key: 'analytics', title: 'Analytics', text: 'Count page views so we can see what helps members. Kept up to 2 years.' },
  { key: 'marketing', title: 'Marketing', text: 'Measure our campaigns and show relevant offers elsewhere. Kept up to 1 year.' },
  { key: 'functional', title: 'Functional', text: 'Remember your preferences between visits. Kept up to 1 year.' },
];

/**
 * shown until the visitor chooses (Accept All Cookies, Essential
 * Only, or Customize with one toggle per optional category); the choice is kept for a year.
 * Loaded on demand by CookieConsentGate (`initiallyCustomizing` when it was opened from the
 * preferences link); while mounted it also answers later preference requests itself.
 */
export function CookieConsent({ initiallyCustomizing = false }: { initiallyCustomizing?: boolean }) {
  const choices = useSyncExternalStore(consentStore.subscribe, consentStore.get, () => null);
  const [customizing, setCustomizing] = useState(initiallyCustomizing);
  const [draft, setDraft] = useState<ConsentChoices>(() => choices ?? ESSENTIAL_ONLY);

  // The banner's prerendered shell, if the page came with one, gives way to this in the same frame.
  useLayoutEffect(() => releaseConsentShell(), []);
  useEffect(
    () =>
      consentStore.onOpenPreferences(() => {
        setDraft(consentStore.get() ?? ESSENTIAL_ONLY);
        setCustomizing(true);
      }),
    [],
  );

  if (choices && !customizing) return null;

  const decide = (next: ConsentChoices) => {
    consentStore.decide(next);
    setCustomizing(false);
  };

  return (
    <section
      role="region"
      aria-label="Cookie consent"
      // Above the page, below dialogs and the phone menu: a dialog the visitor opened stays usable.
      className="fixed inset-x-0 bottom-0 z-30 p-3 sm:p-4"
      data-testid="cookie-banner"
    >
      <Card className="mx-auto max-h-[calc(100dvh-1.5rem)] max-w-3xl overflow-y-auto overscroll-contain bg-ink-900/95 p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <span className="hidden h-10 w-10 shrink-0 place-items-center rounded-2xl bg-quid-300/15 text-quid-300 sm:grid" aria-hidden>
            <Cookie size={20} />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="font-display text-lg font-bold text-white">{customizing ? 'Cookie preferences' : 'We use cookies'}</h2>
            <p className="mt-1 text-sm text-slate-300">
              Essential cookies keep you signed in and the site secure. With your consent we also use analytics, marketing and functional
              cookies. Read our{' '}
              <Link to="/cookie-policy" className="font-semibold text-quid-300 underline-offset-2 hover:underline">
                Cookie Policy
              </Link>
              .
            </p>
          </div>
          {customizing && choices && (
            <button
              type="button"
              onClick={() => setCustomizing(false)}
              className="rounded-xl p-2 text-slate-400 hover:bg-white/5 hover:text-white"
              aria-label="Close cookie preferences"
            >
              <X size={18} aria-hidden />
            </button>
          )}
        </div>

        {customizing ? (
          <div data-testid="cookie-preferences">
            <ul className="mt-4 flex flex-col divide-y divide-white/5 rounded-2xl border border-white/10 bg-ink-950/50">
              <ConsentToggle
                title="Essential"
                text="Sign-in, security and your cookie choice. Always on."
                checked
                disabled
                testId="cookie-toggle-essential"
              />
              {CATEGORIES.map(({ key, title, text }) => (
                <ConsentToggle
                  key={key}
                  title={title}
                  text={text}
                  checked={draft[key]}
                  onChange={(value) => setDraft((current) => ({ ...current, [key]: value }))}
                  testId={`cookie-toggle-${key}`}
                />
              ))}
            </ul>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => decide(draft)} data-testid="cookie-save">
                Save Preferences
              </Button>
              <Button onClick={() => decide(ACCEPT_ALL)} data-testid="cookie-accept-all-panel">
                Accept All
              </Button>
            </div>
          </div>
        ) : (
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="ghost"
              className="justify-center py-3"
              onClick={() => {
                setDraft(ESSENTIAL_ONLY);
                setCustomizing(true);
              }}
              data-testid="cookie-customize"
            >
              Customize
            </Button>
            <Button variant="secondary" onClick={() => decide(ESSENTIAL_ONLY)} data-testid="cookie-essential">
              Essential Only
            </Button>
            <Button onClick={() => decide(ACCEPT_ALL)} data-testid="cookie-accept-all">
              Accept All Cookies
            </Button>
          </div>
        )}
      </Card>
    </section>
  );
}
