import type { DataExport, PrivacyRequestKind, PrivacyRequestView, RecordPrivacyRequestBody } from '@playquid/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api';

export const ADMIN_PRIVACY_KEY = ['admin', 'privacy-requests'] as const;

/** GET /api/admin/privacy-requests: open requests first, with the 30-day clock. */
export const adminPrivacyRequestsQuery = () =>
  queryOptions({
    queryKey: ADMIN_PRIVACY_KEY,
    queryFn: async ({ signal }) => (await api.get<{ requests: PrivacyRequestView[] }>('/api/admin/privacy-requests', signal)).data.requests,
    refetchInterval: 60_000,
  });

/** POST /api/admin/privacy-requests: a written request, recorded with who (the admin) and why. */
export const recordPrivacyRequest = async (body: RecordPrivacyRequestBody) =>
  (await api.post<{ request: PrivacyRequestView }>('/api/admin/privacy-requests', body)).data.request;

/** POST /api/admin/privacy-requests/{id}/act: an export returns the member's data; a closure or erasure closes the account. */
export const actOnPrivacyRequest = async (id: string, confirmForfeit: boolean) =>
  (await api.post<{ request: PrivacyRequestView; export?: DataExport }>(`/api/admin/privacy-requests/${encodeURIComponent(id)}/act`, { confirm_forfeit: confirmForfeit })).data;

export const PRIVACY_KIND_LABEL: Record<PrivacyRequestKind, string> = {
  export: 'Data export',
  closure: 'Account closure',
  erasure: 'Erasure',
};

const DAY_MS = 86_400_000;
const ukDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });
const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** The spec's 30-day clock, as the desk shows it: answered, due in N days, due today, or overdue. */
export function privacyDueText(request: Pick<PrivacyRequestView, 'status' | 'due_at' | 'completed_at'>, now = Date.now()): string {
  if (request.status === 'completed') return request.completed_at ? `Answered ${ukDate.format(new Date(request.completed_at))}` : 'Answered';
  const left = Math.ceil((Date.parse(request.due_at) - now) / DAY_MS);
  const due = ukDate.format(new Date(request.due_at));
  if (left > 1) return `Due ${due} (in ${days(left)})`;
  if (left >= 0) return `Due ${due} (today or tomorrow)`;
  return `Overdue: was due ${due} (${days(-left)} ago)`;
}

/** Open requests whose clock runs out within a week (or already did). */
export const privacyDueSoon = (request: Pick<PrivacyRequestView, 'status' | 'due_at'>, now = Date.now()) =>
  request.status === 'open' && Date.parse(request.due_at) - now < 7 * DAY_MS;

/** The export an admin acted on, saved as a JSON file to send to the member. */
export function saveExport(uid: string, data: DataExport): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `playquid-data-${uid}.json` });
  link.click();
  URL.revokeObjectURL(url);
}
