import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/page';
import { AdminSectionPage } from './-components/AdminSectionPage';

export const Route = createFileRoute('/_admin/admin/users')({
  head: () => pageHead('Users'),
  component: AdminUsersPage,
});

function AdminUsersPage() {
  return <AdminSectionPage to="/admin/users" />;
}
