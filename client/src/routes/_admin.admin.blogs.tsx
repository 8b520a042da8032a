import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/page';
import { AdminSectionPage } from './-components/AdminSectionPage';

export const Route = createFileRoute('/_admin/admin/blogs')({
  head: () => pageHead('Blog Posts'),
  component: AdminBlogsPage,
});

function AdminBlogsPage() {
  return <AdminSectionPage to="/admin/blogs" />;
}
