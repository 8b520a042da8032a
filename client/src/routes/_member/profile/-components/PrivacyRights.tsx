import { formatPence } from '@playquid/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download, LoaderCircle, UserX } from 'lucide-react';
import { useState } from 'react';
import { Notice } from '../../../../components/Feedback';
import { useAuthSession } from '../../../../lib/auth/react';
import { closeAccount, closurePreviewQuery, fetchDataExport } from '../../../../lib/privacy/queries';
import { Button } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';

/** Saves the export as a JSON file in the browser. */
function saveJson(data: unknown, name: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

/** Privacy tab: download everything we hold, or close the account (stating what happens to the balance first). */
export function PrivacyRights({ uid }: { uid: string }) {
  const session = useAuthSession();
  const [confirming, setConfirming] = useState(false);
  const [forfeit, setForfeit] = useState(false);
  const preview = useQuery({ ...closurePreviewQuery(uid), enabled: confirming });
  const download = useMutation({ mutationFn: fetchDataExport, onSuccess: (data) => saveJson(data, `playquid-data-${data.exported_at.slice(0, 10)}.json`) });
  const close = useMutation({ mutationFn: () => closeAccount(forfeit), onSuccess: () => void session.signOut() });
  const closure = preview.data;
  const needsForfeit = Boolean(closure && closure.forfeit_pence > 0);

  return (
    <Card className="mt-6 max-w-2xl p-6 sm:p-8" data-testid="profile-privacy-rights">
      <h2 className="font-display text-lg font-bold text-white">Your data</h2>
      <p className="mt-2 text-sm text-slate-400">
        Download everything PlayQuid holds about you: profile, consents, sign-ins, earnings, payouts, offers and your statement.
      </p>
      <Button variant="secondary" className="mt-4" onClick={() => download.mutate()} disabled={download.isPending}>
        {download.isPending ? <LoaderCircle size={16} className="animate-spin" aria-hidden /> : <Download size={16} aria-hidden />}
        Download my data
      </Button>
      {download.isError && (
        <Notice kind="error" className="mt-4">
          {download.error.message}
        </Notice>
      )}

      <h2 className="mt-8 font-display text-lg font-bold text-white">Close my account</h2>
      {!confirming ? (
        <>
          <p className="mt-2 text-sm text-slate-400">See what happens to your balance and your data before you decide.</p>
          <Button variant="secondary" className="mt-4" onClick={() => setConfirming(true)}>
            <UserX size={16} aria-hidden /> Close my account…
          </Button>
        </>
      ) : !closure ? (
        <p className="mt-2 text-sm text-slate-400">{preview.isError ? preview.error.message : 'Checking your balance…'}</p>
      ) : (
        <div data-testid="closure-preview">
          {closure.blocker ? (
            <Notice kind="warning" className="mt-3">
              {closure.blocker}
            </Notice>
          ) : closure.withdrawable_pence > 0 ? (
            <Notice kind="warning" className="mt-3">
              You have {formatPence(closure.withdrawable_pence)} you can withdraw. Request a payout first; closing now gives it up.
            </Notice>
          ) : closure.forfeit_pence > 0 ? (
            <Notice kind="warning" className="mt-3">
              Your balance of {formatPence(closure.forfeit_pence)} is below the minimum payout and is given up if you close now.
            </Notice>
          ) : (
            <p className="mt-3 text-sm text-slate-300">Your balance is empty: nothing is given up.</p>
          )}
          <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-300">
            {closure.retention.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {needsForfeit && !closure.blocker && (
            <label className="mt-4 flex items-start gap-3 text-sm text-white">
              <input type="checkbox" className="mt-1 h-4 w-4" checked={forfeit} onChange={(e) => setForfeit(e.target.checked)} />
              I give up {formatPence(closure.forfeit_pence)} and close my account.
            </label>
          )}
          <div className="mt-5 flex flex-wrap gap-3">
            <Button variant="danger" onClick={() => close.mutate()} disabled={Boolean(closure.blocker) || (needsForfeit && !forfeit) || close.isPending}>
              {close.isPending && <LoaderCircle size={16} className="animate-spin" aria-hidden />}
              Close my account for good
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep my account
            </Button>
          </div>
          {close.isError && (
            <Notice kind="error" className="mt-4">
              {close.error.message}
            </Notice>
          )}
        </div>
      )}
    </Card>
  );
}
