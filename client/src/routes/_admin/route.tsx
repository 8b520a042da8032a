import { createFileRoute, Outlet, redirect, useChildMatches } from '@tanstack/react-router';
import { useAuth } from '../../lib/auth/react';
import { adminPageRedirect } from '../../lib/guards';
import { ACCESS_DENIED, AccessDenied } from './-components/AccessDenied';

/**
 * Pathless layout of the admin pages (the server enforces the same rule on every /api/admin call).
 * The guard sends visitors and members away on navigation, so the pages and their loaders can
 * assume an admin.
 */
export const Route = createFileRoute('/_admin')({
  beforeLoad: ({ context }) => {
    const to = adminPageRedirect(context.auth.state);
    if (to) throw redirect({ to });
  },
  component: AdminLayout,
});

/** A role lost while a page is open: the page gives way to its refusal, in its own words (staticData.accessDenied). */
function AdminLayout() {
  const { isAdmin } = useAuth();
  const denial = useChildMatches({ select: (matches) => matches.at(-1)?.staticData.accessDenied });
  return isAdmin ? <Outlet /> : <AccessDenied text={denial ?? ACCESS_DENIED} />;
}
