import type { ClosurePreview, DataExport } from '@playquid/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api';

/** What closing the account would do to the member's money (GET /api/users/closure). */
export const closurePreviewQuery = (uid: string) =>
  queryOptions({
    queryKey: ['closure', uid],
    queryFn: async ({ signal }) => (await api.get<{ closure: ClosurePreview }>('/api/users/closure', signal)).data.closure,
  });

/** Everything PlayQuid holds about the member, as JSON (GET /api/users/data-export). */
export const fetchDataExport = async (): Promise<DataExport> => (await api.get<{ export: DataExport }>('/api/users/data-export')).data.export;

/** POST /api/users/close: `confirmForfeit` gives up the available balance. */
export const closeAccount = async (confirmForfeit: boolean) =>
  (await api.post<{ closed_at: string; forfeited_pence: number }>('/api/users/close', { confirm_forfeit: confirmForfeit })).data;
