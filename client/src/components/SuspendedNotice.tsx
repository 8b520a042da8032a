import { ACCOUNT_SUSPENDED_MESSAGE } from '@playquid/contracts';
import { ShieldBan, X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '../lib/auth/react';
import { clearSuspended, isSuspended, subscribeSuspended } from '../lib/auth/suspension';
import { pageWidth } from '../ui/styles';

/** Shown on every page once a call tells us the account is banned, until dismissed or a new sign-in. */
export function SuspendedNotice() {
  const suspended = useSyncExternalStore(subscribeSuspended, isSuspended, () => false);
  const auth = useAuth();
  // A successful sign-in (loaded profile) means the ban was lifted.
  useEffect(() => {
    if (auth.status === 'signed-in' && auth.profile) clearSuspended();
  }, [auth.status, auth.profile]);
  if (!suspended) return null;
  return (
    <div className="border-b border-red-400/30 bg-red-950/80" role="alert" data-testid="account-suspended">
      <div className={`${pageWidth} flex items-start gap-3 py-3 text-sm text-red-100`}>
        <ShieldBan size={18} className="mt-0.5 shrink-0 text-red-300" aria-hidden />
        <p className="flex-1">{ACCOUNT_SUSPENDED_MESSAGE}</p>
        <button type="button" onClick={clearSuspended} className="rounded-lg p-1 text-red-200 hover:bg-white/10" aria-label="Dismiss">
          <X size={16} aria-hidden />
        </button>
      </div>
    </div>
  );
}
