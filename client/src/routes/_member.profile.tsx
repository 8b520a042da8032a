import { formatPence, REFERRAL_REWARD_PENCE } from '@playquid/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { BadgeCheck, CircleAlert, ListChecks, ShieldCheck, TrendingUp, Users } from 'lucide-react';
import { useAuth } from '../lib/auth/react';
import { accountAge, displayName } from '../lib/display';
import { pageHead } from '../lib/page';
import { profileQuery } from '../lib/queries';
import { PageSpinner, RouteError } from './-components/Feedback';
import { StatCard } from './-components/StatCard';
import { ui } from './-components/ui';

export const Route = createFileRoute('/_member/profile')({
  loader: async ({ context: { auth, queryClient } }) => {
    const { user, isVerified } = auth.state;
    if (user && isVerified) await queryClient.ensureQueryData(profileQuery(user.uid));
  },
  head: () => pageHead('Profile'),
  pendingComponent: () => <PageSpinner label="Loading profile..." />,
  errorComponent: ProfileError,
  component: ProfilePage,
});

function ProfileError(props: ErrorComponentProps) {
  return <RouteError {...props} title="Failed to load some profile data" />;
}

const badge = 'inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-bold';

function ProfilePage() {
  const auth = useAuth();
  const { data: profile } = useSuspenseQuery(profileQuery(auth.user!.uid));
  return (
    <section className={`${ui.page} py-10 sm:py-12`}>
      <div className={`${ui.card} relative overflow-hidden p-6 sm:p-8`}>
        <div className="pointer-events-none absolute -top-20 -right-20 h-64 w-64 rounded-full bg-grape-600/25 blur-3xl" aria-hidden />
        <div className="relative flex flex-wrap items-center gap-5">
          <span
            className="grid h-16 w-16 place-items-center rounded-3xl bg-linear-to-br from-quid-300 to-grape-400 font-display text-2xl font-extrabold text-ink-950"
            aria-hidden
          >
            {displayName(profile).slice(0, 1).toUpperCase()}
          </span>
          <div className="min-w-0 flex-1">
            <h1 className="truncate font-display text-2xl font-extrabold text-white sm:text-3xl" data-testid="profile-username">
              {displayName(profile)}
            </h1>
            <p className="truncate text-slate-400">{profile.email}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              {profile.is_verified ? (
                <span className={`${badge} bg-quid-300/15 text-quid-200`}>
                  <BadgeCheck size={13} aria-hidden /> Verified
                </span>
              ) : (
                <span className={`${badge} bg-amber-400/15 text-amber-300`}>Unverified</span>
              )}
              {auth.isAdmin && (
                <span className={`${badge} bg-grape-500/20 text-grape-300`}>
                  <ShieldCheck size={13} aria-hidden /> Admin
                </span>
              )}
              <span className={`${badge} bg-white/10 text-slate-300`}>Member for {accountAge(profile.created_at)}</span>
            </div>
          </div>
        </div>
      </div>

      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Earned" value={formatPence(profile.total_earned_pence)} icon={TrendingUp} testId="profile-total-earned" />
        <StatCard label="Completed" value={profile.completed_offers} hint="Offers completed" icon={ListChecks} accent="grape" />
        <StatCard
          label="Referrals"
          value={profile.referral_count}
          hint={`${formatPence(profile.referral_count * REFERRAL_REWARD_PENCE)} referral earnings`}
          icon={Users}
          accent="flare"
        />
      </div>

      <div className={`${ui.card} mt-6 p-6 sm:p-8`}>
        <h2 className="font-display text-lg font-bold text-white">Security</h2>
        {!profile.is_verified && (
          <p className="mt-4 flex items-center gap-2 rounded-2xl border border-amber-400/20 bg-amber-400/10 px-4 py-3 text-sm text-amber-200">
            <CircleAlert size={16} aria-hidden /> Please verify your email to access all features and receive payouts.
          </p>
        )}
        <p className="mt-4 text-sm text-slate-400">To change your password, sign out and use Forgot Password on the login page.</p>
      </div>
    </section>
  );
}
