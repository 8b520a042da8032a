import { USERNAME_MAX_LENGTH, type UserProfile } from '@playquid/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Check, ListChecks, LoaderCircle, Pencil, ShieldCheck, TrendingUp, Users, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Notice, type NoticeMessage } from '../../../../components/Feedback';
import { useAuthSession } from '../../../../lib/auth/react';
import { updateUsername } from '../../../../lib/commands';
import { displayName, memberBadge } from '../../../../lib/display';
import { USERNAME_MESSAGE_MS, USERNAME_TEXT, usernameChange } from '../../../../lib/profile';
import { profileQuery } from '../../../../lib/profile/queries';
import { useFlash } from '../../../../lib/use-flash';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { CompactPence, StatCard } from '../../../../ui/StatCard';
import { StatGrid } from '../../../../ui/StatGrid';
import { inputClass } from '../../../../ui/styles';

const badge = 'inline-flex items-center gap-1 rounded-full px-3 py-1 text-xs font-bold';

/** save, cancel (restores), or leave unchanged; the new name shows at once. */
function UsernameEditor({ profile, isAdmin }: { profile: UserProfile; isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const session = useAuthSession();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [pendingName, setPendingName] = useState<string | null>(null);
  const [message, flash] = useFlash<NoticeMessage>(USERNAME_MESSAGE_MS);
  const save = useMutation({
    mutationFn: updateUsername,
    onMutate: (username) => setPendingName(username),
    onSuccess: (user) => {
      queryClient.setQueryData(profileQuery(profile.uid).queryKey, user);
      flash({ kind: 'success', text: USERNAME_TEXT.updated });
      // The navbar reads the session's profile.
      void session.refresh();
    },
    onError: () => flash({ kind: 'error', text: USERNAME_TEXT.failed }),
    onSettled: () => setPendingName(null),
  });

  const current = profile.username ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const change = usernameChange(current, draft);
    setEditing(false);
    if (change.save) save.mutate(change.username);
  };
  const shown = pendingName ?? displayName(profile);

  return (
    <div className="min-w-0 flex-1">
      {editing ? (
        <form className="flex flex-wrap items-center gap-2" onSubmit={submit}>
          <label className="min-w-0 flex-1">
            <span className="sr-only">Username</span>
            <input
              className={`${inputClass} py-2 font-display text-xl font-bold`}
              value={draft}
              maxLength={USERNAME_MAX_LENGTH}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => event.key === 'Escape' && setEditing(false)}
              autoFocus
              data-testid="profile-username-input"
            />
          </label>
          <Button type="submit" className="px-3 py-2" aria-label="Save username">
            <Check size={18} aria-hidden />
          </Button>
          <Button variant="secondary" className="px-3 py-2" aria-label="Cancel editing" onClick={() => setEditing(false)}>
            <X size={18} aria-hidden />
          </Button>
        </form>
      ) : (
        <div className="flex min-w-0 items-center gap-2">
          <h1 className="truncate font-display text-2xl font-extrabold text-white sm:text-3xl" data-testid="profile-username">
            {shown}
          </h1>
          {save.isPending ? (
            <LoaderCircle size={18} className="animate-spin text-slate-400" aria-label="Saving username" />
          ) : (
            <button
              type="button"
              className="rounded-xl p-2 text-slate-400 transition hover:bg-white/5 hover:text-white"
              aria-label="Edit username"
              onClick={() => {
                setDraft(current);
                setEditing(true);
              }}
            >
              <Pencil size={16} aria-hidden />
            </button>
          )}
        </div>
      )}
      <p className="truncate text-slate-400">{profile.email}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {profile.is_verified ? (
          <span className={`${badge} bg-quid-300/15 text-quid-200`}>
            <BadgeCheck size={13} aria-hidden /> Verified
          </span>
        ) : (
          <span className={`${badge} bg-amber-400/15 text-amber-300`}>Unverified</span>
        )}
        {isAdmin && (
          <span className={`${badge} bg-grape-500/20 text-grape-300`}>
            <ShieldCheck size={13} aria-hidden /> Admin
          </span>
        )}
        <span className={`${badge} bg-white/10 text-slate-300`}>{memberBadge(profile.created_at)}</span>
      </div>
      {message && (
        <Notice kind={message.kind} className="mt-3 w-fit" testId="profile-username-message">
          {message.text}
        </Notice>
      )}
    </div>
  );
}

/** Avatar, editable username, email, badges, and the three headline stats. */
export function ProfileHeader({ profile, isAdmin }: { profile: UserProfile; isAdmin: boolean }) {
  return (
    <>
      <Card className="relative overflow-hidden p-6 sm:p-8">
        <div className="pointer-events-none absolute -top-20 -right-20 h-64 w-64 rounded-full bg-grape-600/25 blur-3xl" aria-hidden />
        <div className="relative flex flex-wrap items-start gap-5">
          <span
            className="grid h-16 w-16 place-items-center rounded-3xl bg-linear-to-br from-quid-300 to-grape-400 font-display text-2xl font-extrabold text-ink-950"
            aria-hidden
          >
            {displayName(profile).slice(0, 1).toUpperCase()}
          </span>
          <UsernameEditor profile={profile} isAdmin={isAdmin} />
        </div>
      </Card>
      <StatGrid columns={3} className="mt-6">
        <StatCard
          label="Total Earned"
          value={<CompactPence pence={profile.total_earned_pence} />}
          icon={TrendingUp}
          testId="profile-total-earned"
        />
        <StatCard
          label="Completed"
          value={profile.completed_offers}
          hint="Offers completed"
          icon={ListChecks}
          accent="grape"
          testId="profile-completed"
        />
        <StatCard
          label="Referrals"
          value={profile.referral_count}
          hint="Friends referred"
          icon={Users}
          accent="flare"
          testId="profile-referrals"
        />
      </StatGrid>
    </>
  );
}
