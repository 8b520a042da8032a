import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from '../ui/Button';
import { Card } from '../ui/Card';
import { eyebrowClass, pageWidth } from '../ui/styles';

/** The heading block of an inner page: optional eyebrow and back link, title, lead text. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  back,
  actions,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  back?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="relative overflow-hidden border-b border-white/5">
      <div
        className="pointer-events-none absolute -top-24 left-1/2 h-64 w-[42rem] -translate-x-1/2 rounded-full bg-grape-600/20 blur-3xl"
        aria-hidden
      />
      <div className={`${pageWidth} relative py-10 sm:py-14`}>
        {back && <div className="mb-4">{back}</div>}
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            {eyebrow && <p className={eyebrowClass}>{eyebrow}</p>}
            <h1 className="mt-2 font-display text-3xl font-extrabold text-white sm:text-4xl">{title}</h1>
            {lead && <p className="mt-3 max-w-2xl text-slate-400">{lead}</p>}
          </div>
          {actions}
        </div>
      </div>
    </header>
  );
}

/** The link above a title back to the page this one belongs to ('← Analytics', '← Dashboard'). */
export function BackLink({ to, children }: { to: NonNullable<LinkProps['to']>; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClass('ghost')}>
      <ArrowLeft size={15} aria-hidden /> {children}
    </Link>
  );
}

/** A centred empty or not-found state with an icon, a title, a line of text and actions. */
export function EmptyState({
  icon,
  title,
  text,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="mx-auto max-w-xl p-10 text-center" data-testid={testId}>
      <span className="mx-auto grid h-14 w-14 place-items-center rounded-2xl bg-white/5 text-grape-300" aria-hidden>
        {icon}
      </span>
      <h2 className="mt-4 font-display text-xl font-bold text-white">{title}</h2>
      {text && <p className="mt-2 text-slate-400">{text}</p>}
      {children && <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>}
    </Card>
  );
}
