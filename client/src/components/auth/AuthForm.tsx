import type { Gender } from '@playquid/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { Eye, EyeOff, LoaderCircle, MailCheck, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api-client';
import { AUTH_TEXT, googleSignInMessage, loginScreenMessage, passwordResetMessage } from '../../lib/auth/messages';
import { useAuthSession } from '../../lib/auth/react';
import type { AuthState } from '../../lib/auth/state';
import { validateSignup } from '../../lib/validation';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { inputClass, labelClass } from '../../ui/styles';

export type AuthMode = 'login' | 'signup' | 'admin';

type Message = { kind: 'error' | 'success'; text: string };

const HEADINGS: Record<AuthMode, { title: string; lead: string }> = {
  login: { title: 'Welcome back', lead: 'Sign in to keep earning.' },
  signup: { title: 'Create your account', lead: 'Join free and get a £2 welcome bonus, cashable once your first offer is approved.' },
  admin: { title: 'Admin Access', lead: 'Sign in with an administrator account.' },
};

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden>
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/** Where a successful sign-in lands: the dashboard of the member's role. */
const homeOf = (state: AuthState) => (state.isAdmin ? '/admin/dashboard' : '/dashboard');

/** The login screen in its three variants: login, sign-up and admin. */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const session = useAuthSession();
  const navigate = useNavigate();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [gender, setGender] = useState<Gender | ''>('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  // Set after a sign-in refused for an unverified email: the screen offers to send the email again.
  const [unverified, setUnverified] = useState(false);
  const [resending, setResending] = useState(false);
  const signup = mode === 'signup';
  const prefix = signup ? 'signup' : 'login';
  const { title, lead } = HEADINGS[mode];
  // Firebase Auth loads while the visitor types, not when they submit.
  useEffect(() => session.preload(), [session]);

  const finishSignIn = async (state: AuthState, successText: string) => {
    if (state.status !== 'signed-in') throw new Error(AUTH_TEXT.unexpected);
    toast.success(successText);
    await navigate({ to: homeOf(state) });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setUnverified(false);
    if (signup) {
      const problem = validateSignup({ email, password, confirmPassword, gender });
      if (problem) return setMessage({ kind: 'error', text: problem });
    }
    setBusy(true);
    try {
      if (signup) {
        const text = await session.signUp({ email: email.trim(), password, gender: gender as Gender });
        // The verification screen replaces this form now: the confirmation travels as a toast.
        toast.success(text);
        setMessage({ kind: 'success', text });
        setPassword('');
        setConfirmPassword('');
      } else {
        await finishSignIn(await session.signIn(email, password), AUTH_TEXT.signedIn);
      }
    } catch (error) {
      const text = loginScreenMessage(error);
      setMessage({ kind: 'error', text });
      setUnverified(!signup && text === AUTH_TEXT.unverified);
    } finally {
      setBusy(false);
    }
  };

  const resendVerification = async () => {
    setResending(true);
    try {
      await session.resendVerificationFor(email, password);
      setUnverified(false);
      setMessage({ kind: 'success', text: AUTH_TEXT.verificationSent });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiError && error.detail ? error.detail : AUTH_TEXT.verificationSendFailed });
    } finally {
      setResending(false);
    }
  };

  const google = async () => {
    setMessage(null);
    setBusy(true);
    try {
      await finishSignIn(await session.signInWithGoogle(), AUTH_TEXT.signedInWithGoogle);
    } catch (error) {
      setMessage({ kind: 'error', text: googleSignInMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const forgot = async () => {
    setMessage(null);
    if (!email.trim()) return setMessage({ kind: 'error', text: AUTH_TEXT.emailFirst });
    try {
      await session.resetPassword(email);
      setMessage({ kind: 'success', text: AUTH_TEXT.resetSent });
    } catch (error) {
      setMessage({ kind: 'error', text: passwordResetMessage(error) });
    }
  };

  return (
    <Card className="w-full max-w-md p-7 sm:p-9" data-testid="auth-form" data-mode={mode}>
      {mode === 'admin' && (
        <span className="mb-4 inline-flex items-center gap-1.5 rounded-full bg-grape-500/20 px-3 py-1 text-xs font-bold text-grape-300">
          <ShieldCheck size={14} aria-hidden /> Administrators only
        </span>
      )}
      <h1 className="font-display text-3xl font-extrabold text-white">{title}</h1>
      <p className="mt-2 text-sm text-slate-400">{lead}</p>

      <form className="mt-7 flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <label className={labelClass}>
          Email
          <input
            className={inputClass}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.co.uk"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            data-testid={`${prefix}-email`}
          />
        </label>
        <div className={labelClass}>
          <label htmlFor={`${id}-password`}>Password</label>
          <div className="relative">
            <input
              id={`${id}-password`}
              className={`${inputClass} pr-12`}
              type={showPassword ? 'text' : 'password'}
              autoComplete={signup ? 'new-password' : 'current-password'}
              required
              minLength={6}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              data-testid={`${prefix}-password`}
            />
            <button
              type="button"
              className="absolute inset-y-0 right-2 my-auto grid h-9 w-9 place-items-center rounded-xl text-slate-400 transition hover:bg-white/5 hover:text-white"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              data-testid={`${prefix}-toggle-password`}
            >
              {showPassword ? <EyeOff size={18} aria-hidden /> : <Eye size={18} aria-hidden />}
            </button>
          </div>
        </div>
        {signup && (
          <>
            <label className={labelClass}>
              Confirm password
              <input
                className={inputClass}
                type={showPassword ? 'text' : 'password'}
                autoComplete="new-password"
                required
                value={confirmPassword}
                onChange={(event) => setConfirmPassword(event.target.value)}
                data-testid="signup-confirm"
              />
            </label>
            <fieldset className="flex flex-col gap-1.5">
              <legend className="mb-1.5 text-sm font-medium text-slate-300">Gender</legend>
              <div className="grid grid-cols-2 gap-3">
                {(['male', 'female'] as const).map((value) => (
                  <label
                    key={value}
                    className="flex cursor-pointer items-center gap-2.5 rounded-2xl border border-white/10 bg-ink-950/70 px-4 py-3 text-sm font-semibold text-slate-200 transition hover:border-white/25 has-checked:border-quid-300 has-checked:bg-quid-300/10 has-focus-visible:ring-2 has-focus-visible:ring-quid-300/40"
                  >
                    <input
                      type="radio"
                      name="gender"
                      value={value}
                      checked={gender === value}
                      onChange={() => setGender(value)}
                      className="accent-quid-300"
                      data-testid={`signup-gender-${value}`}
                    />
                    {value === 'male' ? 'Male' : 'Female'}
                  </label>
                ))}
              </div>
            </fieldset>
          </>
        )}

        {message && (
          <p
            role={message.kind === 'error' ? 'alert' : 'status'}
            data-testid="auth-message"
            data-kind={message.kind}
            className={`rounded-2xl border px-4 py-3 text-sm ${message.kind === 'error' ? 'border-red-400/20 bg-red-500/10 text-red-200' : 'border-quid-300/20 bg-quid-300/10 text-quid-200'}`}
          >
            {message.text}
          </p>
        )}
        {unverified && (
          <Button
            variant="secondary"
            onClick={() => void resendVerification()}
            disabled={busy || resending}
            className="w-full"
            data-testid="login-resend-verification"
          >
            {resending ? <LoaderCircle size={18} className="animate-spin" aria-hidden /> : <MailCheck size={18} aria-hidden />}
            Resend verification email
          </Button>
        )}

        <Button type="submit" disabled={busy} className="mt-1 w-full py-3.5" data-testid={`${prefix}-submit`}>
          {busy && <LoaderCircle size={18} className="animate-spin" aria-hidden />}
          {signup ? 'Create Account' : 'Sign In'}
        </Button>
      </form>

      {mode !== 'admin' && (
        <>
          <div className="my-5 flex items-center gap-3 text-xs font-semibold uppercase tracking-wider text-slate-400">
            <span className="h-px flex-1 bg-white/10" /> or <span className="h-px flex-1 bg-white/10" />
          </div>
          <Button onClick={() => void google()} disabled={busy} variant="secondary" className="w-full" data-testid="auth-google">
            <GoogleMark /> Continue with Google
          </Button>
        </>
      )}

      <div className="mt-6 flex flex-col items-center gap-2.5 text-sm text-slate-400">
        {mode === 'login' && (
          <button type="button" onClick={() => void forgot()} className="font-medium transition hover:text-white" data-testid="auth-forgot">
            Forgot your password?
          </button>
        )}
        {mode === 'login' && (
          <Link to="/signup" className="transition hover:text-white" data-testid="auth-toggle">
            Don&apos;t have an account? <span className="font-semibold text-quid-300">Sign up</span>
          </Link>
        )}
        {signup && (
          <Link to="/login" className="transition hover:text-white" data-testid="auth-toggle">
            Already have an account? <span className="font-semibold text-quid-300">Sign in</span>
          </Link>
        )}
        <Link to="/" className="transition hover:text-white">
          Back to Home
        </Link>
      </div>
    </Card>
  );
}
