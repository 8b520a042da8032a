import { type AdminUserRow, type AdminUserUpdateBody, type Role, USERNAME_MAX_LENGTH } from '@playquid/contracts';
import { BadgeCheck, LoaderCircle, Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Notice } from '../../../../../components/Feedback';
import { editBody } from '../../../../../lib/admin-users';
import { Button } from '../../../../../ui/Button';
import { Modal } from '../../../../../ui/Modal';
import { inputClass, labelClass } from '../../../../../ui/styles';

/** Username and role (a role change asks why); an unverified member's flag can be synced from Firebase. */
export function EditUserModal({
  user,
  selfUid,
  busy,
  failure,
  onSubmit,
  onClose,
}: {
  user: AdminUserRow;
  selfUid: string | null;
  busy: boolean;
  failure: string | null;
  onSubmit: (body: AdminUserUpdateBody) => void;
  onClose: () => void;
}) {
  const [username, setUsername] = useState(user.username);
  const [role, setRole] = useState<Role>(user.role);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const self = user.uid === selfUid;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = editBody(user, { username, role, reason });
    if ('error' in body) return setError(body.error);
    setError(null);
    onSubmit(body);
  };

  return (
    <Modal
      title="Edit User"
      icon={<Pencil size={19} className="text-quid-300" aria-hidden />}
      onClose={onClose}
      busy={busy}
      dismissOnBackdrop
      testId="edit-user-modal"
    >
      <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
        <p className="truncate text-sm text-slate-400">{user.email}</p>
        <label className={labelClass}>
          Username
          <input
            className={inputClass}
            value={username}
            maxLength={USERNAME_MAX_LENGTH}
            onChange={(e) => setUsername(e.target.value)}
            data-testid="edit-username"
          />
        </label>
        <label className={labelClass}>
          Role
          <select
            className={inputClass}
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
            disabled={self || user.is_banned}
            data-testid="edit-role"
          >
            <option value="USER">Member</option>
            <option value="ADMIN">Admin</option>
          </select>
          {self && <span className="text-xs text-slate-400">You cannot change your own role.</span>}
          {!self && user.is_banned && <span className="text-xs text-slate-400">Unban the member before making them an admin.</span>}
        </label>
        {role !== user.role && (
          <label className={labelClass}>
            Reason for the role change *
            <textarea
              className={`${inputClass} min-h-20`}
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              data-testid="edit-reason"
            />
          </label>
        )}
        {!user.is_verified && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-400/20 bg-amber-400/10 px-4 py-3 text-sm text-amber-100">
            <span>Email not verified yet.</span>
            <Button variant="ghost" disabled={busy} onClick={() => onSubmit({ sync_verification: true })} data-testid="edit-sync">
              <BadgeCheck size={15} aria-hidden /> Sync Verification
            </Button>
          </div>
        )}
        {(error || failure) && <Notice kind="error">{error ?? failure}</Notice>}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} data-testid="edit-save">
            {busy && <LoaderCircle size={16} className="animate-spin" aria-hidden />} Save Changes
          </Button>
        </div>
      </form>
    </Modal>
  );
}
