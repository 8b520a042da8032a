import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthScreen } from '../components/auth/AuthScreen';
import { VerifyEmail } from '../components/auth/VerifyEmail';
import { useAuth } from '../lib/auth/react';
import { authPageRedirect } from '../lib/guards';
import { pageHead } from '../lib/page';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => {
    const to = authPageRedirect(context.auth.state);
    if (to) throw redirect({ to });
  },
  head: () => pageHead('Login', 'Sign in to PlayQuid to play games, complete challenges and follow your earnings.'),
  component: LoginPage,
});

function LoginPage() {
  const auth = useAuth();
  if (auth.status === 'signed-in' && !auth.isVerified) return <VerifyEmail />;
  return <AuthScreen mode="login" />;
}
