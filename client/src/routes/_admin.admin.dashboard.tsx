import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { useAuth } from '../lib/auth/react';
import { displayName } from '../lib/display';
import { pageHead } from '../lib/page';
import { ADMIN_SECTIONS } from './-components/adminSections';
import { PageHeader } from './-components/PageHeader';
import { ui } from './-components/ui';

export const Route = createFileRoute('/_admin/admin/dashboard')({
  head: () => pageHead('Analytics'),
  component: AdminDashboard,
});

function AdminDashboard() {
  const auth = useAuth();
  return (
    <>
      <PageHeader eyebrow="Admin" title="Analytics" lead={`Signed in as ${displayName(auth.profile ?? { email: auth.user?.email })}.`} />
      <section className={`${ui.page} grid gap-4 py-10 sm:grid-cols-2 lg:grid-cols-3`} data-testid="admin-dashboard">
        {ADMIN_SECTIONS.slice(1).map(({ to, title, summary, icon: Icon }) => (
          <Link key={to} to={to} className={`${ui.card} group flex items-start gap-4 p-6 transition hover:border-grape-400/40`}>
            <span className="grid h-11 w-11 shrink-0 place-items-center rounded-2xl bg-grape-500/20 text-grape-300" aria-hidden>
              <Icon size={20} />
            </span>
            <span className="flex-1">
              <span className="flex items-center gap-2 font-display font-bold text-white">
                {title} <ArrowRight size={15} className="text-slate-500 transition group-hover:translate-x-0.5" aria-hidden />
              </span>
              <span className="mt-1 block text-sm text-slate-400">{summary}</span>
            </span>
          </Link>
        ))}
      </section>
    </>
  );
}
