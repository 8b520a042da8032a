import { type AdminUserRow, BAN_REASON_MAX_LENGTH } from '@playquid/contracts';
import { Ban, LoaderCircle, Undo2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Notice } from '../../../../../components/Feedback';
import { Button } from '../../../../../ui/Button';
import { Modal } from '../../../../../ui/Modal';
import { inputClass, labelClass } from '../../../../../ui/styles';

const REASON_REQUIRED = 'Please give a reason for the ban';

/** Ban asks why (recorded with the admin's name); unban shows the ban it lifts. */
export function BanUserModal({
  user,
  mode,
  busy,
  failure,
  onSubmit,
  onClose,
}: {
  user: AdminUserRow;
  mode: 'ban' | 'unban';
  busy: boolean;
  failure: string | null;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = user.username || user.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'ban' && !reason.trim()) return setError(REASON_REQUIRED);
    setError(null);
    onSubmit(reason.trim());
  };

  const banning = mode === 'ban';
  return (
    <Modal
      title={banning ? 'Ban User' : 'Unban User'}
      icon={banning ? <Ban size={19} className="text-red-300" aria-hidden /> : <Undo2 size={19} className="text-quid-300" aria-hidden />}
      onClose={onClose}
      busy={busy}
      dismissOnBackdrop
      testId="ban-user-modal"
    >
      <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
        {banning ? (
          <p className="text-sm text-slate-300">
            <span className="font-semibold text-white">{name}</span> will be signed out and refused on every call, cannot request payouts,
            and cannot sign in until unbanned.
          </p>
        ) : (
          <div className="space-y-1 text-sm text-slate-300">
            <p>
              Lift the ban on <span className="font-semibold text-white">{name}</span>? They can sign in again at once.
            </p>
            {user.ban && (
              <p className="text-slate-400">
                Banned by {user.ban.banned_by}: “{user.ban.reason}”
              </p>
            )}
          </div>
        )}
        {banning && (
          <label className={labelClass}>
            Reason *
            <textarea
              className={`${inputClass} min-h-24`}
              value={reason}
              maxLength={BAN_REASON_MAX_LENGTH}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
              placeholder="e.g. Repeated chargeback fraud"
              data-testid="ban-reason"
            />
          </label>
        )}
        {(error || failure) && <Notice kind="error">{error ?? failure}</Notice>}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={banning ? 'danger' : 'primary'} disabled={busy} data-testid="ban-confirm">
            {busy && <LoaderCircle size={16} className="animate-spin" aria-hidden />} {banning ? 'Ban User' : 'Unban User'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
