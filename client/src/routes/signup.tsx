import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthScreen } from '../components/auth/AuthScreen';
import { VerifyEmail } from '../components/auth/VerifyEmail';
import { useAuth } from '../lib/auth/react';
import { authPageRedirect } from '../lib/guards';
import { pageHead } from '../lib/page';

/** The login screen in sign-up mode. */
export const Route = createFileRoute('/signup')({
  beforeLoad: ({ context }) => {
    const to = authPageRedirect(context.auth.state);
    if (to) throw redirect({ to });
  },
  head: () => pageHead('Sign Up', 'Create a free PlayQuid account and get a £2 welcome bonus. 18+ only.'),
  component: SignupPage,
});

function SignupPage() {
  const auth = useAuth();
  if (auth.status === 'signed-in' && !auth.isVerified) return <VerifyEmail />;
  return <AuthScreen mode="signup" />;
}
