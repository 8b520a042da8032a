import { Link } from '@tanstack/react-router';
import { Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { downloadSignedStatement, type StatementFormat } from '../../../../../lib/statement-proof';
import { Button } from '../../../../../ui/Button';
import { Card } from '../../../../../ui/Card';

/** The signed statement: every wallet event, signed by PlayQuid, for the member to keep and anyone to check. */
export function SignedStatementDownload() {
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const download = async (format: StatementFormat) => {
    setBusy(format);
    setMessage(null);
    try {
      setMessage(`Saved ${await downloadSignedStatement(format)}`);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card className="mt-6 flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between" data-testid="signed-statement">
      <div>
        <p className="flex items-center gap-2 font-display font-bold text-white">
          <ShieldCheck size={18} className="text-quid-300" aria-hidden /> Signed statement
        </p>
        <p className="mt-1 text-sm text-slate-400">
          Every event on your wallet, signed by PlayQuid. Anyone can check it on the{' '}
          <Link to="/verify-statement" className="font-semibold text-quid-300 hover:underline">
            verify page
          </Link>
          .
        </p>
        {message && (
          <p className="mt-1 text-sm text-slate-300" role="status" data-testid="signed-statement-status">
            {message}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => void download('json')} disabled={busy !== null} data-testid="download-statement-json">
          <Download size={16} aria-hidden /> JSON
        </Button>
        <Button variant="secondary" onClick={() => void download('csv')} disabled={busy !== null} data-testid="download-statement-csv">
          <Download size={16} aria-hidden /> CSV
        </Button>
      </div>
    </Card>
  );
}
