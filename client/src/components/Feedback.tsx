import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, LoaderCircle, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { releaseShell } from '../lib/shell';

/** Shown while a route's data loads (after the router's pending delay). */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="grid min-h-[40vh] place-items-center" role="status" aria-live="polite">
      <span className="flex items-center gap-3 text-slate-400">
        <LoaderCircle className="animate-spin text-quid-300" size={22} aria-hidden />
        {label}
      </span>
    </div>
  );
}

/**
 * A route's error state with a retry: resets the failed queries and re-runs the loaders, so both
 * loader errors (ensureQueryData) and render errors (useSuspenseQuery) recover.
 */
export function RouteError({ error, title = 'Something went wrong' }: ErrorComponentProps & { title?: string }) {
  const router = useRouter();
  const queryErrorReset = useQueryErrorResetBoundary();
  useEffect(() => queryErrorReset.reset(), [queryErrorReset]);
  // An error in place of a page that has a prerendered shell: the shell goes.
  useLayoutEffect(() => releaseShell(), []);
  return (
    <Card className="mx-auto my-16 max-w-md p-8 text-center" role="alert" data-testid="route-error">
      <span className="mx-auto grid h-12 w-12 place-items-center rounded-2xl bg-red-500/15 text-red-300" aria-hidden>
        <CircleAlert />
      </span>
      <p className="mt-4 font-display text-xl font-bold text-white">{title}</p>
      <p className="mt-2 text-sm text-slate-400">{error instanceof Error && error.message ? error.message : 'Please try again.'}</p>
      <Button onClick={() => void router.invalidate()} variant="secondary" className="mt-6" data-testid="route-error-retry">
        <RefreshCw size={16} aria-hidden /> Try Again
      </Button>
    </Card>
  );
}

const NOTICE_STYLE = {
  success: 'border-quid-300/20 bg-quid-300/10 text-quid-200',
  error: 'border-red-400/20 bg-red-500/10 text-red-200',
  info: 'border-grape-400/20 bg-grape-500/10 text-grape-200',
  warning: 'border-amber-400/20 bg-amber-400/10 text-amber-200',
} as const;

export type NoticeKind = keyof typeof NOTICE_STYLE;
export interface NoticeMessage {
  kind: NoticeKind;
  text: string;
}

/** An inline message; errors are announced at once, the rest politely. */
export function Notice({
  kind,
  children,
  testId,
  className = '',
}: {
  kind: NoticeKind;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div
      className={`flex items-start gap-2 rounded-2xl border px-4 py-3 text-sm ${NOTICE_STYLE[kind]} ${className}`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {kind === 'success' ? (
        <CircleCheck size={16} className="mt-0.5 shrink-0" aria-hidden />
      ) : (
        <CircleAlert size={16} className="mt-0.5 shrink-0" aria-hidden />
      )}
      <div className="min-w-0">{children}</div>
    </div>
  );
}
