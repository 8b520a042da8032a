import { ShieldAlert } from 'lucide-react';
import { Card } from '../../../ui/Card';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** An admin page's own wording of the refusal a signed-in non-admin sees there. */
    accessDenied?: string;
  }
}

/** The refusal of the admin pages that do not word it their own way. */
export const ACCESS_DENIED = 'Access Denied - You need admin privileges to access this page.';

export function AccessDenied({ text }: { text: string }) {
  return (
    <Card className="mx-auto my-16 max-w-md p-8 text-center" role="alert" data-testid="access-denied">
      <ShieldAlert className="mx-auto text-red-300" aria-hidden />
      <p className="mt-3 font-semibold text-white">{text}</p>
    </Card>
  );
}
