import { formatPence, REFERRAL_REWARD_PENCE, SUPPORT_FACTS, WELCOME_BONUS_PENCE } from '@playquid/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { companyLine, SUPPORT_EMAIL } from '../components/Footer';
import { LegalPage, type LegalSection } from '../components/LegalPage';
import { MinimumPayout } from '../components/MinimumPayout';
import { pageHead } from '../lib/page';
import { SITE } from '../lib/site-config';

const f = SUPPORT_FACTS;

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who we are',
    body: <p data-testid="terms-company">{companyLine(SITE.company)}</p>,
  },
  {
    heading: 'Who may join',
    body: (
      <p>
        PlayQuid is for adults living in the United Kingdom: you must be {f.minimumAge} or over to hold an account. One account per person;
        accounts opened to collect more than one bonus are closed.
      </p>
    ),
  },
  {
    heading: 'Earning rewards, and reversals',
    body: (
      <>
        <p>
          Rewards are credited once our offer partner confirms that you completed a task. They show as pending, become available when the
          partner approves them, and may be rejected if it does not.
        </p>
        <p>
          The partner may reverse a reward it finds was not genuinely earned (for example a refunded purchase or a detected fraud). A
          reversed reward is taken off your balance; if it was already paid out, your balance may go below zero and new earnings pay it back
          before the next payout.
        </p>
      </>
    ),
  },
  {
    heading: 'Welcome bonus and referrals',
    body: (
      <>
        <p>
          New members receive a {formatPence(WELCOME_BONUS_PENCE)} welcome bonus on sign-up. It is locked until your first offer is
          approved: until then it counts towards no payout, and it is withdrawn if the account is closed before that.
        </p>
        <p>
          You earn {formatPence(REFERRAL_REWARD_PENCE)} for each friend who joins through your referral link and completes a first offer.
          Referring yourself or accounts you control is not allowed.
        </p>
      </>
    ),
  },
  {
    heading: 'Payouts',
    body: (
      <p>
        You can request your whole withdrawable balance once it reaches <MinimumPayout />. We review each request and send it as a reward
        email (PayPal cash, gift cards or a charity donation, your choice) within {f.payoutProcessingBusinessDays} business days. A request
        you have not had approved yet can be cancelled from your payout history.
      </p>
    ),
  },
  {
    heading: 'Closing your account',
    body: (
      <p>
        You may close your account at any time by writing to {SUPPORT_EMAIL}. Request a payout of your withdrawable balance first: once the
        account is closed, money left in it (and a locked bonus) is no longer paid. We may close accounts that break these terms, after
        telling you why; genuinely earned, withdrawable money is still paid out.
      </p>
    ),
  },
  {
    heading: 'Disputes',
    body: (
      <p>
        Raise a missing or disputed reward within {f.disputeWindowDays} days. We investigate within {f.investigationBusinessDays} business
        days and resolve disputes within {f.resolutionBusinessDays} business days. These terms are governed by the law of England and Wales;
        your statutory rights as a consumer are not affected.
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
