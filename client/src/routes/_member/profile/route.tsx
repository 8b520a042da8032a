import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, useNavigate } from '@tanstack/react-router';
import { Lock, PoundSterling, ShieldCheck, UserPlus, UserRound } from 'lucide-react';
import { Notice, PageSpinner, RouteError } from '../../../components/Feedback';
import { useAuth } from '../../../lib/auth/react';
import { pageHead } from '../../../lib/page';
import { profileQuery, userStatsQuery } from '../../../lib/profile/queries';
import { balanceQuery } from '../../../lib/wallet/queries';
import { TabPanel, Tabs } from '../../../ui/Tabs';
import { pageWidth } from '../../../ui/styles';
import { ProfileHeader } from './-components/ProfileHeader';
import { EarningsPanel, OverviewPanel } from './-components/ProfilePanels';
import { PrivacyRights } from './-components/PrivacyRights';
import { PrivacyPanel, ReferralsPanel, SecurityPanel } from './-components/ProfileSettings';

const TABS = [
  { id: 'overview', label: 'Overview', icon: UserRound },
  { id: 'earnings', label: 'Earnings', icon: PoundSterling },
  { id: 'security', label: 'Security', icon: ShieldCheck },
  { id: 'privacy', label: 'Privacy', icon: Lock },
  { id: 'referrals', label: 'Referrals', icon: UserPlus },
] as const;
type ProfileTab = (typeof TABS)[number]['id'];
const isProfileTab = (value: unknown): value is Exclude<ProfileTab, 'overview'> =>
  value !== 'overview' && TABS.some((tab) => tab.id === value);

export const Route = createFileRoute('/_member/profile')({
  validateSearch: (search: Record<string, unknown>): { tab?: Exclude<ProfileTab, 'overview'> } =>
    isProfileTab(search.tab) ? { tab: search.tab } : {},
  loader: async ({ context: { uid, verified, queryClient } }) => {
    if (!verified) return;
    // Stats and balance fill in when they arrive; a failure of either only dims those figures.
    void queryClient.prefetchQuery(userStatsQuery(uid));
    void queryClient.prefetchQuery(balanceQuery(uid));
    await queryClient.ensureQueryData(profileQuery(uid));
  },
  head: () => pageHead('Profile'),
  pendingComponent: () => <PageSpinner label="Loading profile..." />,
  errorComponent: ProfileError,
  component: ProfilePage,
});

function ProfileError(props: ErrorComponentProps) {
  return <RouteError {...props} title="Failed to load some profile data" />;
}

function ProfilePage() {
  const auth = useAuth();
  const { uid } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const tab: ProfileTab = Route.useSearch().tab ?? 'overview';
  const { data: profile } = useSuspenseQuery(profileQuery(uid));
  const stats = useQuery(userStatsQuery(uid));
  const balance = useQuery(balanceQuery(uid));

  return (
    <section className={`${pageWidth} py-10 sm:py-12`}>
      <ProfileHeader profile={profile} isAdmin={auth.isAdmin} />
      {(stats.isError || balance.isError) && (
        <Notice kind="warning" className="mt-6" testId="profile-partial-error">
          Failed to load some profile data
        </Notice>
      )}
      <div className="mt-8">
        <Tabs
          group="profile"
          label="Profile sections"
          items={TABS}
          active={tab}
          onSelect={(next) => void navigate({ search: next === 'overview' ? {} : { tab: next }, replace: true })}
        />
        <TabPanel group="profile" id={tab}>
          {tab === 'overview' && <OverviewPanel profile={profile} stats={stats.data} balance={balance.data} />}
          {tab === 'earnings' && <EarningsPanel profile={profile} stats={stats.data} />}
          {tab === 'security' && <SecurityPanel profile={profile} />}
          {tab === 'privacy' && (
            <>
              <PrivacyPanel />
              <PrivacyRights uid={uid} />
            </>
          )}
          {tab === 'referrals' && <ReferralsPanel profile={profile} stats={stats.data} />}
        </TabPanel>
      </div>
    </section>
  );
}
