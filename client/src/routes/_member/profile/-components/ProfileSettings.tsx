import { formatPence, type UserProfile, type UserStats } from '@playquid/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CircleAlert, LoaderCircle, RefreshCw, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast';
import { CopyButton } from '../../../../components/CopyButton';
import { Notice, type NoticeMessage } from '../../../../components/Feedback';
import { useAuthSession } from '../../../../lib/auth/react';
import { syncVerification } from '../../../../lib/commands';
import { referralLink } from '../../../../lib/profile';
import { profileQuery } from '../../../../lib/profile/queries';
import { useFlash } from '../../../../lib/use-flash';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { inputClass, labelClass } from '../../../../ui/styles';

/** Security tab: verification status, Sync Verification while unverified, where passwords change. */
export function SecurityPanel({ profile }: { profile: UserProfile }) {
  const queryClient = useQueryClient();
  const session = useAuthSession();
  const [message, flash] = useFlash<NoticeMessage>(5_000);
  const sync = useMutation({
    mutationFn: syncVerification,
    onSuccess: (user) => {
      queryClient.setQueryData(profileQuery(profile.uid).queryKey, user);
      flash({ kind: 'success', text: 'Verification status synced!' });
      void session.refresh();
    },
    onError: () => flash({ kind: 'error', text: 'Failed to sync verification' }),
  });
  return (
    <Card className="max-w-2xl p-6 sm:p-8" data-testid="profile-security">
      <h2 className="font-display text-lg font-bold text-white">Email verification</h2>
      <p className="mt-3 flex items-center gap-2 text-sm">
        {profile.is_verified ? (
          <>
            <BadgeCheck size={16} className="text-quid-300" aria-hidden /> <span className="text-quid-200">Your email is verified.</span>
          </>
        ) : (
          <>
            <CircleAlert size={16} className="text-amber-300" aria-hidden />{' '}
            <span className="text-amber-200">Your email is not verified.</span>
          </>
        )}
      </p>
      {!profile.is_verified && (
        <>
          <Notice kind="warning" className="mt-4">
            Please verify your email to access all features and receive payouts.
          </Notice>
          <Button variant="secondary" className="mt-4" onClick={() => sync.mutate()} disabled={sync.isPending}>
            {sync.isPending ? <LoaderCircle size={16} className="animate-spin" aria-hidden /> : <RefreshCw size={16} aria-hidden />}
            Sync Verification
          </Button>
        </>
      )}
      {message && (
        <Notice kind={message.kind} className="mt-4">
          {message.text}
        </Notice>
      )}
      <h2 className="mt-8 font-display text-lg font-bold text-white">Password</h2>
      <p className="mt-2 text-sm text-slate-400">To change your password, sign out and use Forgot Password on the login page.</p>
    </Card>
  );
}

const PRIVACY_TOGGLES = [
  { id: 'showEarnings', label: 'Show Earnings', text: 'Let other members see how much you have earned.' },
  { id: 'showActivity', label: 'Show Activity', text: 'Show the offers you are playing.' },
  { id: 'emailNotifications', label: 'Email Notifications', text: 'Emails about your rewards and payouts.' },
  { id: 'marketingEmails', label: 'Marketing Emails', text: 'News about new offers and promotions.' },
] as const;
type PrivacyId = (typeof PRIVACY_TOGGLES)[number]['id'];

/** Privacy tab: switches held in this page only. */
export function PrivacyPanel() {
  const [settings, setSettings] = useState<Record<PrivacyId, boolean>>({
    showEarnings: false,
    showActivity: false,
    emailNotifications: true,
    marketingEmails: false,
  });
  return (
    <Card as="ul" className="max-w-2xl divide-y divide-white/5" data-testid="profile-privacy">
      {PRIVACY_TOGGLES.map(({ id, label, text }) => {
        const on = settings[id];
        return (
          <li key={id} className="flex items-center justify-between gap-4 p-5">
            <span>
              <span className="block font-semibold text-white" id={`privacy-${id}`}>
                {label}
              </span>
              <span className="block text-sm text-slate-400">{text}</span>
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={on}
              aria-labelledby={`privacy-${id}`}
              onClick={() => setSettings({ ...settings, [id]: !on })}
              className={`relative h-7 w-12 shrink-0 rounded-full transition ${on ? 'bg-quid-300' : 'bg-white/15'}`}
            >
              <span className={`absolute top-1 left-1 h-5 w-5 rounded-full bg-white shadow transition ${on ? 'translate-x-5' : ''}`} />
            </button>
          </li>
        );
      })}
    </Card>
  );
}

/** Referrals tab: friends referred, what they earned the member, and the link to share. */
export function ReferralsPanel({ profile, stats }: { profile: UserProfile; stats?: UserStats }) {
  const link = referralLink(window.location.origin, profile.uid);
  return (
    <Card className="max-w-2xl p-6 sm:p-8" data-testid="profile-referrals-panel">
      <h2 className="flex items-center gap-2 font-display text-lg font-bold text-white">
        <UserPlus size={20} className="text-quid-300" aria-hidden /> Referrals
      </h2>
      <dl className="mt-5 grid grid-cols-2 gap-4">
        <div className="rounded-2xl border border-white/10 bg-white/[0.03] p-4">
          <dt className="text-sm text-slate-400">Friends referred</dt>
          <dd className="mt-1 font-display text-2xl font-extrabold text-white">{stats?.referral_count ?? profile.referral_count}</dd>
        </div>
        <div className="rounded-2xl border border-white/10 bg-white/[0.03] p-4">
          <dt className="text-sm text-slate-400">Referral earnings</dt>
          <dd className="mt-1 font-display text-2xl font-extrabold tabular-nums text-white" data-testid="profile-referral-earnings">
            {stats ? formatPence(stats.referral_earnings_pence) : '–'}
          </dd>
        </div>
      </dl>
      <label htmlFor="profile-referral-link" className={`${labelClass} mt-6`}>
        Your referral link
      </label>
      <div className="mt-1.5 flex items-center gap-2">
        <input
          id="profile-referral-link"
          className={`${inputClass} font-mono text-sm`}
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
          data-testid="profile-referral-link"
        />
        <CopyButton
          text={link}
          label="Copy referral link"
          className="shrink-0 py-3"
          onCopied={() => toast.success('Referral link copied to clipboard!')}
          onFailed={() => toast.error('Copy failed: select the link and copy it yourself.')}
        />
      </div>
    </Card>
  );
}
