import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/page';
import { AdminSectionPage } from './-components/AdminSectionPage';

export const Route = createFileRoute('/_admin/admin/offers')({
  head: () => pageHead('Manage Offers'),
  component: AdminOffersPage,
});

function AdminOffersPage() {
  return <AdminSectionPage to="/admin/offers" />;
}
