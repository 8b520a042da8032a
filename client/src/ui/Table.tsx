import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ComponentProps, ReactNode, ThHTMLAttributes } from 'react';
import { Card } from './Card';

/** A body row's look: a faint highlight under the pointer. */
export const rowClass = 'transition hover:bg-white/[0.03]';

/** What stands in for a table with no rows: a title and, optionally, a line saying why. */
export function TableEmpty({ title, text, testId, className = '' }: { title: string; text?: string; testId: string; className?: string }) {
  return (
    <Card className={`${className} px-6 py-14 text-center`} data-testid={testId}>
      <p className="font-display text-lg font-bold text-white">{title}</p>
      {text && <p className="mt-1 text-sm text-slate-400">{text}</p>}
    </Card>
  );
}

/**
 * The admin tables' shell: a card that scrolls sideways on small screens, the head row and the body
 * rows; with `empty` the empty state stands in for the whole table.
 */
export function Table({
  head,
  children,
  empty,
  minWidth = '',
  testId,
  className = '',
}: {
  head: ReactNode;
  children: ReactNode;
  /** Given when there are no rows: what shows instead of the table. */
  empty?: { title: string; text?: string; testId: string } | null;
  /** A Tailwind min-width (`min-w-[960px]`) below which the table scrolls rather than squeezes. */
  minWidth?: string;
  testId: string;
  className?: string;
}) {
  if (empty) return <TableEmpty {...empty} className={className} />;
  return (
    <Card className={`${className} overflow-x-auto`}>
      <table className={`w-full ${minWidth} text-left text-sm`} data-testid={testId}>
        <thead className="border-b border-white/10 text-xs tracking-wider text-slate-400 uppercase">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-white/5">{children}</tbody>
      </table>
    </Card>
  );
}

/** A head cell. */
export function Th({ align = 'left', className = '', ...props }: ThHTMLAttributes<HTMLTableCellElement> & { align?: 'left' | 'right' }) {
  return <th scope="col" className={`px-4 py-3 font-semibold ${align === 'right' ? 'text-right' : 'text-left'} ${className}`} {...props} />;
}

/** A head cell that sorts by its column: the arrow shows the order, a click asks for the next one. */
export function SortTh({
  label,
  active,
  direction,
  onSort,
  align = 'left',
  testId,
}: {
  label: string;
  active: boolean;
  direction: 'asc' | 'desc';
  onSort: () => void;
  align?: 'left' | 'right';
  testId?: string;
}) {
  const Icon = !active ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <Th align={align} aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        onClick={onSort}
        className={`inline-flex items-center gap-1.5 rounded-lg uppercase hover:text-white ${active ? 'text-white' : ''}`}
        data-testid={testId}
      >
        {label} <Icon size={13} aria-hidden className={active ? 'text-quid-300' : 'text-slate-500'} />
      </button>
    </Th>
  );
}

const ROW_BUTTON_TONES = {
  primary: 'bg-quid-300 text-ink-950 hover:bg-quid-200',
  success: 'bg-quid-300/15 text-quid-300 hover:bg-quid-300/25',
  info: 'bg-sky-400/15 text-sky-300 hover:bg-sky-400/25',
  danger: 'bg-red-500/15 text-red-300 hover:bg-red-500/25',
  neutral: 'bg-white/10 text-slate-200 hover:bg-white/15',
} as const;

/** A small action button inside a table row ('Process', 'Reject', 'Reprocess'). */
export function RowButton({ tone = 'neutral', className, ...props }: ComponentProps<'button'> & { tone?: keyof typeof ROW_BUTTON_TONES }) {
  return (
    <button
      type="button"
      className={`inline-flex items-center gap-1 rounded-xl px-3 py-1.5 text-xs font-bold transition disabled:cursor-not-allowed disabled:opacity-50 ${ROW_BUTTON_TONES[tone]} ${className ?? ''}`}
      {...props}
    />
  );
}
