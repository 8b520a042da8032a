import { formatPence, REFERRAL_REWARD_PENCE, SUPPORT_FACTS, WELCOME_BONUS_PENCE } from '@playquid/contracts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { MinimumPayout } from '../../../components/MinimumPayout';

export interface FaqGroup {
  title: string;
  items: Array<{ question: string; answer: ReactNode }>;
}

const link = 'font-semibold text-quid-300 hover:underline';
const f = SUPPORT_FACTS;

/** Contact page FAQ: four groups; every figure comes from the shared constants, the minimum payout from the server's configuration. */
export const FAQ_GROUPS: FaqGroup[] = [
  {
    title: 'Getting Started',
    items: [
      {
        question: 'How does PlayQuid work?',
        answer: (
          <>
            Pick a game from{' '}
            <Link to="/offers" className={link}>
              Gaming Offers
            </Link>
            , play it and reach its milestones. Our partner confirms each one and the reward appears in your balance within seconds.
          </>
        ),
      },
      {
        question: 'Is there a sign-up bonus?',
        answer: `Yes: ${formatPence(WELCOME_BONUS_PENCE)} lands in your balance once you verify your email. It unlocks for payout after your first approved offer.`,
      },
      { question: 'Who can join?', answer: `Anyone aged ${f.minimumAge} or over. One account per person.` },
      {
        question: 'How do referrals work?',
        answer: `Share your referral link from your profile. You earn ${formatPence(REFERRAL_REWARD_PENCE)} for every friend who joins and completes a first offer.`,
      },
    ],
  },
  {
    title: 'Payments & Cashback',
    items: [
      {
        question: 'What is the minimum payout?',
        answer: (
          <>
            You can cash out your whole available balance once it reaches <MinimumPayout />.
          </>
        ),
      },
      {
        question: 'How will I be paid?',
        answer:
          'After an admin approves your request we email you a reward link: choose PayPal cash, a gift card from 2000+ brands or a charity donation.',
      },
      {
        question: 'How long does a payout take?',
        answer: `Payouts are processed within ${f.payoutProcessingBusinessDays} business days of your request.`,
      },
      {
        question: 'Why is a reward still pending?',
        answer:
          'Some games confirm a milestone only after a check period. Pending rewards become available as soon as our partner approves them.',
      },
      {
        question: 'A reward is missing or wrong. What can I do?',
        answer: `Tell us within ${f.disputeWindowDays} days of completing the task. We investigate within ${f.investigationBusinessDays} business days and resolve every dispute within ${f.resolutionBusinessDays} business days.`,
      },
    ],
  },
  {
    title: 'Account & Security',
    items: [
      {
        question: 'Why must I verify my email?',
        answer: 'Verification proves the account is yours; it is needed to reach your dashboard and to receive payouts.',
      },
      {
        question: 'How do I change my password?',
        answer: (
          <>
            Use Forgot your password on the{' '}
            <Link to="/login" className={link}>
              login page
            </Link>
            ; we email you a reset link.
          </>
        ),
      },
      {
        question: 'How is my data protected?',
        answer: (
          <>
            We follow UK GDPR. Read our{' '}
            <Link to="/privacy-policy" className={link}>
              Privacy Policy
            </Link>{' '}
            for what we keep and for how long.
          </>
        ),
      },
    ],
  },
  {
    title: 'Technical Support',
    items: [
      {
        question: 'An offer did not track. What now?',
        answer:
          'Make sure you started the offer from PlayQuid and installed the game on the same device, then contact us with the offer name.',
      },
      {
        question: 'When does support reply?',
        answer: `Within ${f.responseHours} hours. Our team works ${f.hours}.`,
      },
      {
        question: 'Which devices are supported?',
        answer: 'Any modern browser on Android, iPhone or desktop. Offers are shown for the device you are using.',
      },
    ],
  },
];
