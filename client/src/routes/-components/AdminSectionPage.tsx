import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { ADMIN_SECTIONS } from './adminSections';
import { PageHeader } from './PageHeader';
import { ui } from './ui';

/** An admin screen not built yet: its title and purpose, nothing invented. */
export function AdminSectionPage({ to }: { to: (typeof ADMIN_SECTIONS)[number]['to'] }) {
  const section = ADMIN_SECTIONS.find((item) => item.to === to)!;
  return (
    <PageHeader
      eyebrow="Admin"
      title={section.title}
      lead={section.summary}
      back={
        <Link to="/admin/dashboard" className={ui.buttonGhost}>
          <ArrowLeft size={15} aria-hidden /> Analytics
        </Link>
      }
    />
  );
}
