import { formatPence, REFERRAL_REWARD_PENCE } from '@playquid/contracts';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Copy, UserPlus } from 'lucide-react';
import { toast } from '../../lib/toast';
import { PageHeader } from '../../components/PageHeader';
import { pageHead } from '../../lib/page';
import { referralLink } from '../../lib/profile';
import { profileQuery, userStatsQuery } from '../../lib/profile/queries';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { inputClass, pageWidth } from '../../ui/styles';

export const Route = createFileRoute('/_member/referrals')({
  head: () => pageHead('Refer Friends'),
  component: ReferralsPage,
});

function ReferralsPage() {
  const { uid } = Route.useRouteContext();
  const { data: profile } = useQuery(profileQuery(uid));
  // What the referrals paid (a friend counts only once their first offer completes), from the ledger.
  const { data: stats } = useQuery(userStatsQuery(uid));
  const link = referralLink(window.location.origin, uid);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Referral link copied to clipboard!');
    } catch {
      toast.error('Copy failed: select the link and copy it yourself.');
    }
  };

  return (
    <>
      <PageHeader
        eyebrow="Referrals"
        title="Refer Friends"
        lead={`Earn ${formatPence(REFERRAL_REWARD_PENCE)} for every friend who joins with your link and completes their first offer.`}
      />
      <section className={`${pageWidth} py-10`}>
        <Card className="p-6 sm:p-8">
          <h2 className="flex items-center gap-2 font-display text-lg font-bold text-white">
            <UserPlus size={20} className="text-quid-300" aria-hidden /> Your referral link
          </h2>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <input
              className={`${inputClass} font-mono text-sm`}
              readOnly
              value={link}
              aria-label="Referral link"
              onFocus={(event) => event.target.select()}
              data-testid="referral-link"
            />
            <Button className="shrink-0 whitespace-nowrap" onClick={() => void copy()} data-testid="referral-copy">
              <Copy size={17} aria-hidden /> Copy link
            </Button>
          </div>
          {profile && (
            <p className="mt-5 text-sm text-slate-400">
              Friends referred: <span className="font-semibold text-white">{profile.referral_count}</span> · Referral earnings:{' '}
              <span className="font-semibold text-white" data-testid="referral-earnings">
                {stats ? formatPence(stats.referral_earnings_pence) : '–'}
              </span>
            </p>
          )}
        </Card>
      </section>
    </>
  );
}
