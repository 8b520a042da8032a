import { RETENTION } from '@playquid/contracts';
import { createFileRoute, Link } from '@tanstack/react-router';
import { companyLine, SUPPORT_EMAIL } from '../components/Footer';
import { LegalPage, type LegalSection } from '../components/LegalPage';
import { pageHead } from '../lib/page';
import { SITE } from '../lib/site-config';

const mail = (
  <a className="font-semibold text-quid-300 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
    {SUPPORT_EMAIL}
  </a>
);

/** Who else handles members' data for us, and why. */
const PROCESSORS = [
  ['Google (Firebase Authentication)', 'sign-in, email verification and password reset emails'],
  ['BitLabs', 'the game offers you start; it tells us which tasks you completed (your member id, not your email)'],
  ['Tremendous', 'the reward email of a payout (your email address and the amount)'],
  ['Google Analytics', 'page views, only after you accept analytics cookies'],
] as const;

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who we are',
    body: (
      <p data-testid="privacy-controller">
        {companyLine(SITE.company)} {SITE.company.name} is the controller of your personal data under the UK GDPR and the Data Protection
        Act 2018. Contact us at {mail}.
      </p>
    ),
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
    heading: 'Why we use it, and our lawful basis',
    body: (
      <ul className="list-disc space-y-1.5 pl-5">
        <li>
          <strong>Contract:</strong> running your account, crediting the rewards our offer partner confirms and paying you out.
        </li>
        <li>
          <strong>Legal obligation:</strong> keeping financial records and checking that members are 18 or over.
        </li>
        <li>
          <strong>Legitimate interests:</strong> keeping the platform safe from fraud and abuse, and technical logs to keep it running.
        </li>
        <li>
          <strong>Consent:</strong> analytics and marketing cookies and marketing emails; you can withdraw it at any time.
        </li>
      </ul>
    ),
  },
  {
    heading: 'Who processes it for us',
    body: (
      <ul className="list-disc space-y-1.5 pl-5" data-testid="privacy-processors">
        {PROCESSORS.map(([name, purpose]) => (
          <li key={name}>
            <strong>{name}</strong>: {purpose}.
          </li>
        ))}
      </ul>
    ),
  },
  {
    heading: 'How long we keep it',
    body: (
      <p>
        Financial records (your email and who was paid what, where): {RETENTION.financialRecordsYears} years after your account closes.
        Marketing consent: {RETENTION.marketingConsentYears} years. Technical logs (IP addresses, the offer partner&apos;s raw
        parameters): {RETENTION.technicalLogsDays} days. When you close your account your username and technical data are erased at
        once; amounts and dates stay in our ledger without your identity so the accounts still balance. Personal data in our records is
        encrypted with a key of your own, and erasing it destroys that key.
      </p>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <p>
        You may ask to see, correct, export or delete your data, restrict or object to how we use it, and withdraw consent. You can
        download your data and close your account yourself on the Privacy tab of your profile, or write to {mail}
        : we answer privacy requests within {RETENTION.privacyRequestDays} days. You also have the right to complain to the Information
        Commissioner&apos;s Office (ICO),{' '}
        <a className="font-semibold text-quid-300 hover:underline" href="https://ico.org.uk/make-a-complaint/" rel="noopener noreferrer">
          ico.org.uk/make-a-complaint
        </a>
        , 0303 123 1113.
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
