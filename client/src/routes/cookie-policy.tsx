import { createFileRoute } from '@tanstack/react-router';
import { LegalPage, type LegalSection } from '../components/LegalPage';
import { CookieSettingsButton } from '../components/consent/CookieSettingsButton';
import { pageHead } from '../lib/page';

const SECTIONS: LegalSection[] = [
  { heading: 'Essential', body: <p>Needed to sign you in and keep the site working. Always on.</p> },
  { heading: 'Analytics', body: <p>Count page views so we can improve the site. Kept for up to 2 years, only with your consent.</p> },
  { heading: 'Marketing', body: <p>Measure our campaigns. Kept for up to 1 year, only with your consent.</p> },
  { heading: 'Functional', body: <p>Remember your preferences. Kept for up to 1 year, only with your consent.</p> },
  {
    heading: 'Your choice',
    body: (
      <>
        <p>Your consent choice is stored in your browser for 1 year; you can change it at any time.</p>
        <CookieSettingsButton />
      </>
    ),
  },
];

export const Route = createFileRoute('/cookie-policy')({
  head: () => pageHead('Cookie Policy', 'Which cookies PlayQuid uses, why, and for how long.'),
  component: CookiePolicyPage,
});

function CookiePolicyPage() {
  return <LegalPage title="Cookie Policy" lead="Which cookies we use, why, and for how long." sections={SECTIONS} />;
}
