import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { VerifyEmail } from '../../components/auth/VerifyEmail';
import { useAuth } from '../../lib/auth/react';
import { memberPageRedirect } from '../../lib/guards';
import { useMemberEvents } from '../../lib/wallet/use-member-events';

/**
 * Pathless layout of the member pages: visitors go to /login, unverified members see the
 * verification screen. The signed-in member's uid is in the route context for the pages and their
 * loaders (`Route.useRouteContext()`); `verified` tells loaders whether the page will show at all.
 */
export const Route = createFileRoute('/_member')({
  beforeLoad: ({ context: { auth } }) => {
    const to = memberPageRedirect(auth.state);
    const { user, isVerified } = auth.state;
    // A signed-in state always carries its user; `!user` only tells the type so.
    if (to || !user) throw redirect({ to: to ?? '/login' });
    return { uid: user.uid, verified: isVerified };
  },
  component: MemberLayout,
});

function MemberLayout() {
  return useAuth().isVerified ? <VerifiedMember /> : <VerifyEmail />;
}

/** A verified member's pages, kept up to date by their events stream while it is open. */
function VerifiedMember() {
  useMemberEvents(Route.useRouteContext().uid);
  return <Outlet />;
}
