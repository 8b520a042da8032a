import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUser } from '../auth/current-user';
import { connectMemberEvents, setMemberEventsOpen } from './live';
import { memberMoneyKeys } from './queries';

/**
 * Opens the signed-in member's events stream while mounted: a `wallet` event refetches the balance
 * chip, stat cards, earnings, statement and payout history together. When the stream opens or
 * drops the same queries are refetched, which also switches their polling off or back on.
 */
export function useMemberEvents(uid: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      for (const queryKey of [...memberMoneyKeys(uid), ['payouts', uid]]) void queryClient.invalidateQueries({ queryKey });
    };
    const stop = connectMemberEvents({
      token: async (forceRefresh) => {
        const user = currentUser();
        return user?.uid === uid ? user.getIdToken(forceRefresh) : null;
      },
      onWallet: refresh,
      onOpenChange: (open) => {
        setMemberEventsOpen(open);
        refresh();
      },
    });
    return () => {
      stop();
      setMemberEventsOpen(false);
    };
  }, [queryClient, uid]);
}
