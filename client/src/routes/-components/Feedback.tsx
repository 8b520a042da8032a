import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { CircleAlert, LoaderCircle, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { ui } from './ui';

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
  return (
    <div className={`${ui.card} mx-auto my-16 max-w-md p-8 text-center`} role="alert" data-testid="route-error">
      <span className="mx-auto grid h-12 w-12 place-items-center rounded-2xl bg-red-500/15 text-red-300" aria-hidden>
        <CircleAlert />
      </span>
      <p className="mt-4 font-display text-xl font-bold text-white">{title}</p>
      <p className="mt-2 text-sm text-slate-400">{error instanceof Error && error.message ? error.message : 'Please try again.'}</p>
      <button
        type="button"
        onClick={() => void router.invalidate()}
        className={`${ui.buttonSecondary} mt-6`}
        data-testid="route-error-retry"
      >
        <RefreshCw size={16} aria-hidden /> Try Again
      </button>
    </div>
  );
}
