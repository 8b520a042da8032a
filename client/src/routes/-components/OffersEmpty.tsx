import { Link } from '@tanstack/react-router';
import { Gamepad2 } from 'lucide-react';
import { useAuth } from '../../lib/auth/react';
import { EmptyState } from './PageHeader';
import { ui } from './ui';

/** The offers page's empty state (spec 8, Offers), with the next step for a visitor or a member. */
export function OffersEmpty() {
  const auth = useAuth();
  const member = auth.status === 'signed-in' && auth.isVerified;
  return (
    <EmptyState icon={<Gamepad2 />} title="No offers found" text="No active offers available at the moment." testId="offers-empty">
      {member ? (
        <Link to="/dashboard" className={ui.buttonSecondary}>
          Back to Dashboard
        </Link>
      ) : (
        <Link to="/signup" className={ui.buttonPrimary}>
          Start Earning Today
        </Link>
      )}
    </EmptyState>
  );
}
