import { formatPence, type StatementEntry } from '@playquid/contracts';
import { CircleAlert, Clock } from 'lucide-react';
import {
  expectedClearDate,
  formatSignedPence,
  newestFirst,
  statementAmount,
  statementLabel,
  statementTone,
  type StatementTone,
} from '../../../../../lib/statement';
import { Card } from '../../../../../ui/Card';
import { TableEmpty } from '../../../../../ui/Table';
import { shortDate, shortDateTime } from '../../../../../lib/format';

const AMOUNT_TONE: Record<StatementTone, string> = {
  credit: 'text-quid-300',
  debit: 'text-slate-200',
  pending: 'text-amber-300',
  reversal: 'text-red-300',
  neutral: 'text-slate-400',
};

/** What changed and why; a pending credit says when it should clear, a reversal says why. */
function EntryText({ entry, entries }: { entry: StatementEntry; entries: readonly StatementEntry[] }) {
  const clearBy = expectedClearDate(entry, entries);
  const tone = statementTone(entry);
  return (
    <div className="min-w-0">
      <p className="font-semibold text-white">{statementLabel(entry.kind)}</p>
      {entry.reason && (
        <p className={`text-xs ${tone === 'reversal' ? 'flex items-center gap-1 text-red-300' : 'text-slate-400'}`}>
          {tone === 'reversal' && <CircleAlert size={12} aria-hidden />}
          {entry.reason}
        </p>
      )}
      {clearBy && (
        <p className="mt-0.5 flex items-center gap-1 text-xs text-amber-300" data-testid="statement-clear-by">
          <Clock size={12} aria-hidden /> expected to clear by {shortDate.format(new Date(clearBy))}
        </p>
      )}
    </div>
  );
}

function Amount({ entry }: { entry: StatementEntry }) {
  const { pence, bucket } = statementAmount(entry);
  return (
    <span className={`font-bold tabular-nums ${AMOUNT_TONE[statementTone(entry)]}`}>
      {formatSignedPence(pence)}
      {bucket === 'pending' && pence !== 0 && <span className="ml-1 text-xs font-medium text-slate-400">pending</span>}
    </span>
  );
}

/** The member's statement: cards on mobile, a table from md, newest change first. */
export function StatementList({ entries }: { entries: readonly StatementEntry[] }) {
  if (entries.length === 0) {
    return (
      <TableEmpty
        className="mt-6"
        title="No balance changes yet"
        text="Your welcome bonus, earnings and payouts will be listed here."
        testId="statement-empty"
      />
    );
  }
  const rows = newestFirst(entries);
  return (
    <Card className="mt-6 overflow-hidden" data-testid="statement-list">
      <ul className="divide-y divide-white/5 md:hidden">
        {rows.map((entry) => (
          <li key={entry.event_id} className="flex items-start justify-between gap-3 p-4" data-testid="statement-entry">
            <div className="min-w-0">
              <p className="text-xs text-slate-400">{shortDateTime.format(new Date(entry.at))}</p>
              <EntryText entry={entry} entries={entries} />
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1 text-right">
              <Amount entry={entry} />
              <span className="text-xs text-slate-400">Balance {formatPence(entry.available_balance_pence)}</span>
            </div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-left text-sm md:table">
        <thead className="border-b border-white/10 text-xs uppercase tracking-wider text-slate-400">
          <tr>
            <th className="px-5 py-3 font-semibold">Time</th>
            <th className="px-5 py-3 font-semibold">Change</th>
            <th className="px-5 py-3 text-right font-semibold">Amount</th>
            <th className="px-5 py-3 text-right font-semibold">Available balance</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {rows.map((entry) => (
            <tr key={entry.event_id} className="align-top transition hover:bg-white/[0.03]" data-testid="statement-row">
              <td className="px-5 py-3.5 whitespace-nowrap text-slate-300">{shortDateTime.format(new Date(entry.at))}</td>
              <td className="px-5 py-3.5">
                <EntryText entry={entry} entries={entries} />
              </td>
              <td className="px-5 py-3.5 text-right whitespace-nowrap">
                <Amount entry={entry} />
              </td>
              <td className="px-5 py-3.5 text-right font-semibold whitespace-nowrap tabular-nums text-white">
                {formatPence(entry.available_balance_pence)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
