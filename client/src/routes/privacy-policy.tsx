import { createFileRoute, Link } from '@tanstack/react-router';
import { SUPPORT_EMAIL } from '../components/Footer';
import { LegalPage, type LegalSection } from '../components/LegalPage';
import { pageHead } from '../lib/page';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who we are',
    body: <p>PlayQuid is operated by PlayQuid Ltd, a UK limited company. We handle your personal data under the UK GDPR.</p>,
  },
  {
    heading: 'What we collect',
    body: (
      <p>
        Your email address, username and gender; your sign-ins; the offers you start and complete, your earnings and your payouts; and
        technical logs of how the service is used.
      </p>
    ),
  },
  {
    heading: 'Why we use it',
    body: (
      <p>
        To run your account, credit the rewards our offer partners confirm, pay you out, keep the platform safe from fraud and, only with
        your consent, send you marketing emails.
      </p>
    ),
  },
  {
    heading: 'How long we keep it',
    body: <p>Financial records: 7 years. Marketing consent: 3 years. Technical logs: 90 days.</p>,
  },
  {
    heading: 'Your rights',
    body: (
      <p>
        You may ask to see, correct, export or delete your data, or object to how we use it. Write to{' '}
        <a className="font-semibold text-quid-300 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        : we answer privacy requests within 30 days.
      </p>
    ),
  },
  {
    heading: 'Cookies',
    body: (
      <p>
        See our{' '}
        <Link to="/cookie-policy" className="font-semibold text-quid-300 hover:underline">
          Cookie Policy
        </Link>
        .
      </p>
    ),
  },
];

export const Route = createFileRoute('/privacy-policy')({
  head: () => pageHead('Privacy Policy', 'How PlayQuid collects, uses and protects your personal data.'),
  component: PrivacyPolicyPage,
});

function PrivacyPolicyPage() {
  return <LegalPage title="Privacy Policy" lead="How we collect, use and protect your personal data." sections={SECTIONS} />;
}
