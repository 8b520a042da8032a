import type { LinkProps } from '@tanstack/react-router';
import { BarChart3, FileText, Gamepad2, Landmark, LifeBuoy, RadioTower, ShieldCheck, Users } from 'lucide-react';

/** The admin screens, as listed in the admin navigation. */
export const ADMIN_SECTIONS: Array<{ to: NonNullable<LinkProps['to']>; title: string; summary: string; icon: typeof Users }> = [
  { to: '/admin/dashboard', title: 'Analytics', summary: 'Revenue, sign-ups, conversion and top performing offers.', icon: BarChart3 },
  { to: '/admin/users', title: 'Users', summary: 'Member accounts, roles, verification and bans.', icon: Users },
  { to: '/admin/offers', title: 'Manage Offers', summary: 'Offer status, anchors and featured offers.', icon: Gamepad2 },
  { to: '/admin/payouts', title: 'Payouts', summary: 'Payout requests to process or cancel.', icon: Landmark },
  {
    to: '/admin/callbacks',
    title: 'Callbacks',
    summary: 'Tracking notifications from offer partners and their processing.',
    icon: RadioTower,
  },
  { to: '/admin/claims', title: 'Claims', summary: 'Missing-credit claims with our log beside them.', icon: LifeBuoy },
  { to: '/admin/privacy', title: 'Privacy requests', summary: 'Data exports, closures and erasures on the 30-day clock.', icon: ShieldCheck },
  { to: '/admin/blogs', title: 'Blog Posts', summary: 'Create, publish and feature blog posts.', icon: FileText },
];
