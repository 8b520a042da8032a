import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/page';
import { AdminSectionPage } from './-components/AdminSectionPage';

export const Route = createFileRoute('/_admin/admin/callbacks')({
  head: () => pageHead('Callbacks'),
  component: AdminCallbacksPage,
});

function AdminCallbacksPage() {
  return <AdminSectionPage to="/admin/callbacks" />;
}
