import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthScreen } from '../../components/auth/AuthScreen';
import { authPageRedirect } from '../../lib/guards';
import { pageHead } from '../../lib/page';

/** The admin login variant: 'Admin Access', no Google sign-in, no sign-up toggle. */
export const Route = createFileRoute('/admin/')({
  beforeLoad: ({ context }) => {
    const to = authPageRedirect(context.auth.state);
    if (to) throw redirect({ to });
  },
  head: () => ({ meta: [...pageHead('Admin Access').meta, { name: 'robots', content: 'noindex,nofollow' }] }),
  component: AdminLoginPage,
});

function AdminLoginPage() {
  return <AuthScreen mode="admin" />;
}
