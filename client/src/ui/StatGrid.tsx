import type { HTMLAttributes } from 'react';

const LAYOUTS = {
  /** Three across from small screens up. */
  3: 'grid gap-4 sm:grid-cols-3',
  /** Two across on small screens, four on wide ones. */
  4: 'grid gap-4 sm:grid-cols-2 xl:grid-cols-4',
  /** Two across even on phones (short figures), four on wide screens. */
  'compact-4': 'grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4',
} as const;

/** The row of StatCards at the top of a page. */
export function StatGrid({ columns = 4, className, ...props }: HTMLAttributes<HTMLDivElement> & { columns?: keyof typeof LAYOUTS }) {
  return <div className={className ? `${LAYOUTS[columns]} ${className}` : LAYOUTS[columns]} {...props} />;
}
