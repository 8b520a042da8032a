import { DEFAULT_MIN_PAYOUT_PENCE, formatPence, REFERRAL_REWARD_PENCE, WELCOME_BONUS_PENCE } from '@playquid/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { LegalPage, type LegalSection } from '../components/LegalPage';
import { pageHead } from '../lib/page';

const SECTIONS: LegalSection[] = [
  { heading: 'Who may join', body: <p>PlayQuid is for adults only: you must be 18 or over to hold an account.</p> },
  {
    heading: 'Earning rewards',
    body: (
      <>
        <p>
          Rewards are credited once the offer partner confirms that you completed a task. They show as pending, become approved when
          cleared, and may be rejected if the partner does not confirm them.
        </p>
        <p>New members receive a {formatPence(WELCOME_BONUS_PENCE)} welcome bonus on sign-up.</p>
      </>
    ),
  },
  {
    heading: 'Referrals',
    body: (
      <p>You earn {formatPence(REFERRAL_REWARD_PENCE)} for each friend who joins through your referral link and completes a first offer.</p>
    ),
  },
  {
    heading: 'Payouts',
    body: (
      <p>
        Payouts require a minimum available balance of {formatPence(DEFAULT_MIN_PAYOUT_PENCE)} and are processed within 5-10 business days.
      </p>
    ),
  },
  {
    heading: 'Disputes',
    body: (
      <p>
        Raise a missing or disputed reward within 14 days. We investigate within 7 business days and resolve disputes within 14 business
        days.
      </p>
    ),
  },
];

export const Route = createFileRoute('/terms-conditions')({
  head: () => pageHead('Terms & Conditions', 'The terms of using PlayQuid: eligibility, rewards, referrals, payouts and disputes.'),
  component: TermsPage,
});

function TermsPage() {
  return <LegalPage title="Terms & Conditions" lead="The rules of using PlayQuid." sections={SECTIONS} />;
}
