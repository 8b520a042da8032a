import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { adminPageRedirect } from '../lib/guards';

/** Pathless guard of the admin pages (the server enforces the same rule on every /api/admin call). */
export const Route = createFileRoute('/_admin')({
  beforeLoad: ({ context }) => {
    const to = adminPageRedirect(context.auth.state);
    if (to) throw redirect({ to });
  },
  component: Outlet,
});
