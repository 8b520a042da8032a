import { consentStore } from '../../lib/consent/storage';
import { Button } from '../../ui/Button';

/** Reopens the cookie preferences panel, so a choice can be changed at any time. */
export function CookieSettingsButton() {
  return (
    <Button variant="secondary" className="mt-3" onClick={() => consentStore.openPreferences()} data-testid="cookie-settings">
      Cookie settings
    </Button>
  );
}
