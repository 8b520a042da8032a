import { formatPence } from '@playquid/contracts';
import { type StatementVerification, verifyStatementFile } from '@playquid/domain';
import { createFileRoute, Link } from '@tanstack/react-router';
import { FileCheck2, FileWarning, ShieldCheck, Upload } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { PageHeader } from '../components/PageHeader';
import { pageHead } from '../lib/page';
import { fetchStatementKeys } from '../lib/statement-proof';
import { Card } from '../ui/Card';
import { pageWidth } from '../ui/styles';

/**
 * Anyone can check a PlayQuid statement here: the file never leaves the browser. The page fetches
 * our published public keys and runs the same check as `node scripts/dist/cli.js verify-statement`.
 */
export const Route = createFileRoute('/verify-statement')({
  head: () => pageHead('Verify a Statement'),
  component: VerifyStatementPage,
});

type Outcome = { file: string; result: StatementVerification } | { file: string; error: string };

function VerifyStatementPage() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);

  async function check(file: File) {
    setBusy(true);
    try {
      const [text, keys] = await Promise.all([file.text(), fetchStatementKeys()]);
      setOutcome({ file: file.name, result: await verifyStatementFile(text, keys) });
    } catch (error) {
      setOutcome({ file: file.name, error: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void check(file);
  };

  return (
    <>
      <PageHeader
        eyebrow="Proof, not promises"
        title="Verify a statement"
        lead="Drop a statement downloaded from PlayQuid. Your browser checks our signature and every running balance; the file is never uploaded."
      />
      <section className={`${pageWidth} grid gap-6 py-10 lg:grid-cols-[1fr_1fr]`}>
        <label
          htmlFor="statement-file"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex min-h-56 cursor-pointer flex-col items-center justify-center gap-3 rounded-3xl border-2 border-dashed p-8 text-center transition ${
            dragging ? 'border-quid-300 bg-quid-300/10' : 'border-white/15 bg-ink-900/50 hover:border-white/30'
          }`}
          data-testid="statement-drop"
        >
          <Upload size={32} className="text-quid-300" aria-hidden />
          <span className="font-display text-lg font-bold text-white">{busy ? 'Checking...' : 'Drop your statement here'}</span>
          <span className="text-sm text-slate-400">or choose the .json or .csv file</span>
          <input
            id="statement-file"
            type="file"
            accept=".json,.csv,application/json,text/csv"
            className="sr-only"
            data-testid="statement-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void check(file);
              event.target.value = '';
            }}
          />
        </label>

        <div aria-live="polite">
          {outcome === null ? <HowItWorks /> : 'error' in outcome ? <Failure file={outcome.file} problems={[outcome.error]} /> : <Result file={outcome.file} result={outcome.result} />}
        </div>
      </section>
    </>
  );
}

function Result({ file, result }: { file: string; result: StatementVerification }) {
  if (!result.intact || !result.balance) return <Failure file={file} problems={result.problems} />;
  const b = result.balance;
  return (
    <Card className="p-6" data-testid="statement-verdict" data-intact="true">
      <p className="flex items-center gap-2 font-display text-xl font-bold text-quid-300">
        <FileCheck2 aria-hidden /> Intact: signed by PlayQuid
      </p>
      <p className="mt-2 break-all text-sm text-slate-400">
        {file}: {result.events} events, generated {result.generatedAt}, key {result.keyId}
      </p>
      <dl className="mt-5 grid grid-cols-3 gap-3 text-center">
        {[
          ['Available', b.available_pence, 'statement-proven-available'],
          ['Pending', b.pending_pence, 'statement-proven-pending'],
          ['In payouts', b.reserved_pence, 'statement-proven-reserved'],
        ].map(([label, pence, testId]) => (
          <div key={label} className="rounded-2xl bg-white/5 p-3">
            <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
            <dd className="mt-1 font-display text-lg font-bold text-white" data-testid={testId}>
              {formatPence(pence as number)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-slate-300">This is the balance the statement proves: every amount adds up and nothing was changed after we signed it.</p>
    </Card>
  );
}

function Failure({ file, problems }: { file: string; problems: string[] }) {
  return (
    <Card className="border-red-400/40 p-6" data-testid="statement-verdict" data-intact="false">
      <p className="flex items-center gap-2 font-display text-xl font-bold text-red-300">
        <FileWarning aria-hidden /> Not intact
      </p>
      <p className="mt-2 break-all text-sm text-slate-400">{file}</p>
      <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-200" data-testid="statement-problems">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </Card>
  );
}

function HowItWorks() {
  return (
    <Card className="p-6">
      <p className="flex items-center gap-2 font-display text-lg font-bold text-white">
        <ShieldCheck className="text-quid-300" aria-hidden /> How it works
      </p>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-300">
        <li>
          Members download a signed statement from their <Link to="/earnings/statement" className="font-semibold text-quid-300 hover:underline">statement page</Link>.
        </li>
        <li>It lists every wallet event with its amount, running balance and its link in our hash chain.</li>
        <li>We sign the whole file with our Ed25519 key; the public keys are at /api/statement-keys, retired ones included.</li>
        <li>Change one amount and the signature no longer matches: this page will say so.</li>
      </ul>
    </Card>
  );
}
