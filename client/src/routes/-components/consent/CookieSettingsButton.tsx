import { consentStore } from '../../../lib/consent/storage';
import { ui } from '../ui';

/** Reopens the cookie preferences panel, so a choice can be changed at any time. */
export function CookieSettingsButton() {
  return (
    <button type="button" className={`${ui.buttonSecondary} mt-3`} onClick={() => consentStore.openPreferences()} data-testid="cookie-settings">
      Cookie settings
    </button>
  );
}
