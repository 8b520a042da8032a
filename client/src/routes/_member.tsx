import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useAuth } from '../lib/auth/react';
import { memberPageRedirect } from '../lib/guards';
import { VerifyEmail } from './-components/VerifyEmail';

/** Pathless guard of the member pages: visitors go to /login, unverified members see the verification screen. */
export const Route = createFileRoute('/_member')({
  beforeLoad: ({ context }) => {
    const to = memberPageRedirect(context.auth.state);
    if (to) throw redirect({ to });
  },
  component: MemberLayout,
});

function MemberLayout() {
  return useAuth().isVerified ? <Outlet /> : <VerifyEmail />;
}
