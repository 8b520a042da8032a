import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/page';
import { AdminSectionPage } from './-components/AdminSectionPage';

export const Route = createFileRoute('/_admin/admin/payouts')({
  head: () => pageHead('Payouts'),
  component: AdminPayoutsPage,
});

function AdminPayoutsPage() {
  return <AdminSectionPage to="/admin/payouts" />;
}
