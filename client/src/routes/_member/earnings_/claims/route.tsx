import { type Claim, type ClaimStatus, formatPence } from '@playquid/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router';
import { Clock3, LifeBuoy } from 'lucide-react';
import { EarningsNav } from '../../-components/EarningsNav';
import { PageSpinner, RouteError } from '../../../../components/Feedback';
import { BackLink, EmptyState, PageHeader } from '../../../../components/PageHeader';
import { CLAIM_STATUS_LABEL, myClaimsQuery, serviceClock, ukDateTime } from '../../../../lib/claims';
import { pageHead } from '../../../../lib/page';
import { Badge, type BadgeTone } from '../../../../ui/Badge';
import { buttonClass } from '../../../../ui/Button';
import { Card } from '../../../../ui/Card';
import { pageWidth } from '../../../../ui/styles';

/** The member's missing-credit claims, with their status and the service clock. */
export const Route = createFileRoute('/_member/earnings_/claims')({
  loader: async ({ context: { uid, verified, queryClient } }) => {
    if (verified) await queryClient.ensureQueryData(myClaimsQuery(uid));
  },
  head: () => pageHead('My claims'),
  pendingComponent: () => <PageSpinner label="Loading your claims..." />,
  errorComponent: ClaimsError,
  component: MyClaimsPage,
});

function ClaimsError(props: ErrorComponentProps) {
  return <RouteError {...props} title="Failed to load your claims." />;
}

const STATUS_TONE: Record<ClaimStatus, BadgeTone> = { open: 'info', waiting_partner: 'warning', approved: 'success', declined: 'danger' };

function ClaimCard({ claim }: { claim: Claim }) {
  return (
    <Card as="li" className="p-5" data-testid="my-claim" data-status={claim.status} data-task={claim.task_id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to="/offers/$offerId"
            params={{ offerId: claim.offer_id }}
            hash="timeline"
            className="font-display text-lg font-bold text-white hover:underline"
          >
            {claim.offer_title}
          </Link>
          <p className="text-sm text-slate-300">
            {claim.task_name} · {formatPence(claim.amount_pence)}
          </p>
        </div>
        <Badge tone={STATUS_TONE[claim.status]} data-testid="my-claim-status">
          {CLAIM_STATUS_LABEL[claim.status]}
        </Badge>
      </div>
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-400" data-testid="my-claim-clock">
        <Clock3 size={15} aria-hidden /> Sent {ukDateTime(claim.opened_at)} · {serviceClock(claim)}
      </p>
      {claim.status === 'waiting_partner' && (
        <p className="mt-2 text-sm text-amber-200">We asked the partner to check their records; we will tell you what they say.</p>
      )}
      {claim.status === 'approved' && (
        <p className="mt-2 text-sm text-quid-300" data-testid="my-claim-outcome">
          Approved: {formatPence(claim.amount_pence)} was added to your balance. {claim.decision_reason}
        </p>
      )}
      {claim.status === 'declined' && (
        <p className="mt-2 text-sm text-red-300" data-testid="my-claim-outcome">
          Declined: {claim.decision_reason}
        </p>
      )}
      <details className="mt-3 text-sm text-slate-300">
        <summary className="cursor-pointer text-slate-400">What we sent with your claim</summary>
        <dl className="mt-2 grid gap-1 sm:grid-cols-[10rem_1fr]">
          <dt className="text-slate-400">You started</dt>
          <dd>{ukDateTime(claim.started_at)}</dd>
          <dt className="text-slate-400">Partner reported</dt>
          <dd>
            {claim.callbacks.length === 0
              ? 'nothing for this offer'
              : claim.callbacks.map((c) => `${c.taskName ?? c.taskId ?? 'a task'} (${c.state ?? 'no state'}, ${ukDateTime(c.receivedAt)})`).join('; ')}
          </dd>
          <dt className="text-slate-400">Missing</dt>
          <dd>{claim.missing}</dd>
          <dt className="text-slate-400">Your note</dt>
          <dd className="break-words whitespace-pre-line">{claim.note}</dd>
          {claim.evidence && (
            <>
              <dt className="text-slate-400">Evidence</dt>
              <dd className="break-words whitespace-pre-line">{claim.evidence}</dd>
            </>
          )}
        </dl>
      </details>
    </Card>
  );
}

function MyClaimsPage() {
  const { uid } = Route.useRouteContext();
  const { data } = useSuspenseQuery(myClaimsQuery(uid));
  return (
    <>
      <PageHeader
        eyebrow="Your money"
        title="My claims"
        lead={`Credit that never arrived, and what we found. We answer within ${data.answer_business_days} business days.`}
        back={<BackLink to="/dashboard">Dashboard</BackLink>}
        actions={<EarningsNav />}
      />
      <section className={`${pageWidth} py-10`}>
        {data.data.length === 0 ? (
          <EmptyState
            icon={<LifeBuoy />}
            title="No claims"
            text="If a task you completed was never credited, open the offer and choose 'Report missing credit' (a day after you started it)."
            testId="claims-empty"
          >
            <Link to="/offers" className={buttonClass('secondary')}>
              Browse offers
            </Link>
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-4" data-testid="my-claims">
            {data.data.map((claim) => (
              <ClaimCard key={claim.id} claim={claim} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
