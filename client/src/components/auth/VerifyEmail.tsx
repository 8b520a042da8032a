import { RESEND_MESSAGE_MS, VERIFICATION_AUTO_CHECK_MS, VERIFICATION_REDIRECT_MS } from '@playquid/contracts';
import { useNavigate } from '@tanstack/react-router';
import { LoaderCircle, MailCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { AUTH_TEXT } from '../../lib/auth/messages';
import { useAuth, useAuthSession } from '../../lib/auth/react';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';

/** The limit's explanation (429) is worth showing as it is; anything else gets the spec's text. */
function resendFailureText(error: unknown): string {
  if (error instanceof Error && error.message === AUTH_TEXT.noUser) return AUTH_TEXT.noUser;
  if (error instanceof ApiError && error.status === 429 && error.detail) return error.detail;
  return AUTH_TEXT.verificationSendFailed;
}

type Message = { kind: 'error' | 'success' | 'info'; text: string };

const MESSAGE_STYLE: Record<Message['kind'], string> = {
  error: 'border-red-400/20 bg-red-500/10 text-red-200',
  success: 'border-quid-300/20 bg-quid-300/10 text-quid-200',
  info: 'border-grape-400/20 bg-grape-500/10 text-grape-300',
};

/** shown to a signed-in member whose email is not verified. */
export function VerifyEmail() {
  const auth = useAuth();
  const session = useAuthSession();
  const navigate = useNavigate();
  const [message, setMessage] = useState<Message | null>(null);
  const [checking, setChecking] = useState(false);
  const [resending, setResending] = useState(false);
  const verified = useRef(false);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);
  const later = useCallback((ms: number, run: () => void) => void timers.current.push(window.setTimeout(run, ms)), []);

  const check = useCallback(
    async (manual: boolean) => {
      if (verified.current) return;
      if (manual) setChecking(true);
      try {
        if (!(await session.checkVerification())) {
          if (manual) setMessage({ kind: 'info', text: 'Not verified yet: open the link in the email we sent you, then check again.' });
          return;
        }
        verified.current = true;
        setMessage({ kind: 'success', text: AUTH_TEXT.verified });
        later(VERIFICATION_REDIRECT_MS, () => {
          void session.refresh().then(() => navigate({ to: '/dashboard' }));
        });
      } catch {
        setMessage({ kind: 'error', text: AUTH_TEXT.verificationCheckFailed });
      } finally {
        if (manual) setChecking(false);
      }
    },
    [session, navigate, later],
  );

  useEffect(() => {
    const timer = window.setInterval(() => void check(false), VERIFICATION_AUTO_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [check]);

  const resend = async () => {
    setResending(true);
    try {
      await session.resendVerification();
      setMessage({ kind: 'info', text: AUTH_TEXT.verificationSent });
      later(RESEND_MESSAGE_MS, () => setMessage((current) => (current?.text === AUTH_TEXT.verificationSent ? null : current)));
    } catch (error) {
      setMessage({ kind: 'error', text: resendFailureText(error) });
    } finally {
      setResending(false);
    }
  };

  const backToLogin = async () => {
    await session.signOut().catch(() => undefined);
    await navigate({ to: '/login' });
  };

  return (
    <section className="px-4 py-16">
      <Card className="mx-auto max-w-lg p-8 text-center sm:p-10" data-testid="verify-email">
        <span
          className="mx-auto grid h-16 w-16 place-items-center rounded-3xl bg-linear-to-br from-quid-300/25 to-grape-500/25 text-quid-300"
          aria-hidden
        >
          <MailCheck size={30} />
        </span>
        <h1 className="mt-5 font-display text-2xl font-extrabold text-white sm:text-3xl">Verify your email</h1>
        <p className="mt-3 text-slate-400">
          We sent a verification link to <span className="font-semibold text-white">{auth.user?.email}</span>. Click it, then come back
          here: we also check for you every 30 seconds.
        </p>
        {message && (
          <p
            role={message.kind === 'error' ? 'alert' : 'status'}
            data-testid="verify-message"
            className={`mt-5 rounded-2xl border px-4 py-3 text-sm ${MESSAGE_STYLE[message.kind]}`}
          >
            {message.text}
          </p>
        )}
        <div className="mt-7 flex flex-col gap-3">
          <Button
            onClick={() => void check(true)}
            disabled={checking}

            data-testid="verify-check"
          >
            {checking && <LoaderCircle size={18} className="animate-spin" aria-hidden />}
            Check Verification Status
          </Button>
          <Button onClick={() => void resend()} disabled={resending} variant="secondary" data-testid="verify-resend">
            {resending && <LoaderCircle size={18} className="animate-spin" aria-hidden />}
            Resend Verification Email
          </Button>
          <button
            type="button"
            onClick={() => void backToLogin()}
            className="mt-1 text-sm font-medium text-slate-400 transition hover:text-white"
            data-testid="verify-back"
          >
            Back to Login
          </button>
        </div>
      </Card>
    </section>
  );
}
