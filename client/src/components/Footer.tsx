import { Link, type LinkProps } from '@tanstack/react-router';
import { Mail, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { type CompanyDetails, SITE } from '../lib/site-config';
import { pageWidth } from '../ui/styles';
import { Logo } from './Logo';

export const SUPPORT_EMAIL = SITE.supportEmail;

type FooterLink = { to: NonNullable<LinkProps['to']>; label: string };

const PLATFORM: FooterLink[] = [
  { to: '/offers', label: 'Gaming Offers' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/earnings', label: 'Earnings' },
  { to: '/signup', label: 'Sign Up' },
];
const LEGAL: FooterLink[] = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-conditions', label: 'Terms & Conditions' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/contact', label: 'Contact Us' },
];

// Simple brand glyphs (the icon set has no brand marks).
const SOCIAL_ICONS: Array<{ label: 'Facebook' | 'Instagram' | 'Twitter'; icon: ReactNode }> = [
  {
    label: 'Facebook',
    icon: <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5Z" fill="currentColor" />,
  },
  {
    label: 'Instagram',
    icon: (
      <>
        <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="17.3" cy="6.7" r="1.2" fill="currentColor" />
      </>
    ),
  },
  {
    label: 'Twitter',
    icon: <path d="M4 4h4.5l4 5.6L17.3 4H20l-6.2 7.2L20.5 20H16l-4.4-6-5.1 6H4l6.5-7.6L4 4Z" fill="currentColor" />,
  },
];

/** Only the profiles configured for this site (`VITE_SOCIAL_*`); none configured, none shown. */
const SOCIAL = SITE.social.map((link) => ({ href: link.url, label: link.name, icon: SOCIAL_ICONS.find((s) => s.label === link.name)!.icon }));

/** "PlayQuid Ltd, registered in England and Wales no. 12345678, …": what is configured of it. */
export function companyLine(company: CompanyDetails): string {
  return [
    `Operated by ${company.name}, a UK limited company`,
    company.number && `registered in England and Wales, company no. ${company.number}`,
    company.address && `registered office: ${company.address}`,
    company.vat && `VAT no. ${company.vat}`,
  ]
    .filter(Boolean)
    .join('; ')
    .concat('.');
}

const linkClass = 'text-sm text-slate-400 transition hover:text-quid-200';

/** Footer. */
export function Footer() {
  return (
    <footer className="site-footer relative mt-24 border-t border-white/5 bg-ink-950">
      <div className="absolute inset-x-0 top-0 h-px bg-linear-to-r from-transparent via-grape-500/50 to-transparent" aria-hidden />
      <div className={`${pageWidth} grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]`}>
        <div className="flex flex-col gap-4">
          <Logo />
          <p className="max-w-xs text-sm text-slate-400">Play mobile games, complete challenges and earn real money in pounds sterling.</p>
          {SOCIAL.length > 0 && (
          <div className="flex gap-2">
            {SOCIAL.map((social) => (
              <a
                key={social.label}
                href={social.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={social.label}
                className="grid h-10 w-10 place-items-center rounded-xl border border-white/10 text-slate-300 transition hover:border-grape-400/50 hover:text-white"
              >
                <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden>
                  {social.icon}
                </svg>
              </a>
            ))}
          </div>
          )}
        </div>
        <nav className="flex flex-col gap-2.5" aria-label="Platform">
          <h2 className="mb-1 font-display text-sm font-bold text-white">Platform</h2>
          {PLATFORM.map((item) => (
            <Link key={item.to} className={linkClass} to={item.to}>
              {item.label}
            </Link>
          ))}
        </nav>
        <nav className="flex flex-col gap-2.5" aria-label="Legal and support">
          <h2 className="mb-1 font-display text-sm font-bold text-white">Legal &amp; Support</h2>
          {LEGAL.map((item) => (
            <Link key={item.to} className={linkClass} to={item.to}>
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="flex flex-col gap-2.5">
          <h2 className="mb-1 font-display text-sm font-bold text-white">Contact</h2>
          <a className={`${linkClass} inline-flex items-center gap-2`} href={`mailto:${SUPPORT_EMAIL}`}>
            <Mail size={15} aria-hidden /> {SUPPORT_EMAIL}
          </a>
          <p className="text-sm text-slate-400" data-testid="footer-company">
            {companyLine(SITE.company)}
          </p>
        </div>
      </div>
      <div className="border-t border-white/5">
        <div
          className={`${pageWidth} flex flex-col items-start justify-between gap-3 py-6 text-xs text-slate-400 sm:flex-row sm:items-center`}
        >
          <p data-testid="footer-copyright">© {new Date().getFullYear()} {SITE.company.name}. All rights reserved.</p>
          <div className="flex flex-wrap gap-2">
            <span className="rounded-full border border-flare-400/30 bg-flare-500/10 px-3 py-1 font-semibold text-flare-400">
              18+ Only Platform
            </span>
            <span className="inline-flex items-center gap-1 rounded-full border border-quid-300/30 bg-quid-300/10 px-3 py-1 font-semibold text-quid-200">
              <ShieldCheck size={13} aria-hidden /> GDPR Compliant
            </span>
          </div>
        </div>
      </div>
    </footer>
  );
}
