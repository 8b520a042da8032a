import { useMutation } from '@tanstack/react-query';
import { Bug, CircleAlert, Gamepad2, RefreshCw } from 'lucide-react';
import { EmptyState } from '../../../components/PageHeader';
import { OfferCardSkeleton } from '../../../components/offers/OfferCard';
import { ApiError } from '../../../lib/api-client';
import { fetchOffersDebug } from '../../../lib/offers/queries';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';

export function OffersGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div
      className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      role="status"
      aria-label="Loading offers"
      data-testid="offers-loading"
    >
      {Array.from({ length: count }, (_, slot) => (
        <OfferCardSkeleton key={slot} />
      ))}
    </div>
  );
}

// The debug report (GET /api/offers/debug) is admin-only on the server.
function debugFailure(error: Error): string {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403))
    return 'The debug report is for admins: sign in with an admin account.';
  return `Debug request failed: ${error instanceof ApiError ? `${error.status} ${error.message}` : error.message}`;
}

/**
 * The offers page's error state: the load-failure message, 'Try Again', and 'Test Debug', which
 * asks GET /api/offers/debug and shows its answer so support can see what the feed looks like.
 */
export function OffersLoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  const debug = useMutation({ mutationFn: fetchOffersDebug });
  const debugText = debug.isSuccess ? JSON.stringify(debug.data, null, 2) : debug.isError ? debugFailure(debug.error) : null;
  return (
    <Card className="mx-auto max-w-2xl p-8 text-center sm:p-10" role="alert" data-testid="offers-error">
      <span className="mx-auto grid h-14 w-14 place-items-center rounded-2xl bg-red-500/15 text-red-300" aria-hidden>
        <CircleAlert />
      </span>
      <h2 className="mt-4 font-display text-xl font-bold text-white">Could not load offers</h2>
      <p className="mt-2 text-slate-300" data-testid="offers-error-message">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry} disabled={retrying}>
          <RefreshCw size={16} className={retrying ? 'animate-spin' : undefined} aria-hidden /> Try Again
        </Button>
        <Button variant="secondary" onClick={() => debug.mutate()} disabled={debug.isPending}>
          <Bug size={16} aria-hidden /> {debug.isPending ? 'Testing...' : 'Test Debug'}
        </Button>
      </div>
      {debugText && (
        <pre
          className="mt-6 max-h-72 overflow-auto rounded-2xl border border-white/10 bg-ink-950/80 p-4 text-left font-mono text-xs text-slate-300"
          data-testid="offers-debug-output"
        >
          {debugText}
        </pre>
      )}
    </Card>
  );
}

/** No active offers at all, with 'Refresh Offers'. */
export function OffersNone({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  return (
    <EmptyState icon={<Gamepad2 />} title="No offers found" text="No active offers available at the moment." testId="offers-empty">
      <Button onClick={onRefresh} disabled={refreshing}>
        <RefreshCw size={16} className={refreshing ? 'animate-spin' : undefined} aria-hidden /> Refresh Offers
      </Button>
    </EmptyState>
  );
}
