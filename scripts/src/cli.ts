#!/usr/bin/env node
import { Command } from 'commander';
import { audit } from './commands/audit';
import { checkpoint } from './commands/checkpoint';
import { makeAdmin } from './commands/make-admin';
import { migrate } from './commands/migrate';
import { rebuild, verify } from './commands/rebuild';
import { rewrapKeys } from './commands/rewrap-keys';
import { seed } from './commands/seed';
import { sendCallback } from './commands/send-callback';
import { verifyStatement } from './commands/verify-statement';

const program = new Command('playquid').description('PlayQuid operations: node scripts/dist/cli.js <command>');

program.command('migrate').description('create the event store table and migrate the read model').action(migrate);

program
  .command('make-admin')
  .argument('<uidOrEmail>', 'member uid or email')
  .description('grant the ADMIN role (as an event)')
  .action(async (who: string) => void (await makeAdmin(who)));

program
  .command('send-callback')
  .description('send a correctly signed BitLabs callback to the running API')
  .requiredOption('--uid <uid>', 'member uid')
  .requiredOption('--amount <pounds>', 'user reward in pounds, e.g. 1.25 (negative for a reversal)')
  .option('--tx <id>', 'transaction id (default: a fresh one)')
  .option('--state <state>', 'COMPLETED | PENDING | RECONCILED | NONE', 'COMPLETED')
  .option('--ref <tx>', 'original transaction of a reversal')
  .option('--offer-id <id>')
  .option('--offer-name <name>')
  .option('--task-name <name>')
  .action(async (o) => {
    const result = await sendCallback({ uid: o.uid, amount: o.amount, tx: o.tx, state: o.state, ref: o.ref, offerId: o.offerId, offerName: o.offerName, taskName: o.taskName });
    console.log(`${result.status} ${JSON.stringify(result.body)}`);
    if (result.status !== 200) process.exitCode = 1;
  });

program.command('seed').description('demo accounts and earnings through the real API (idempotent)').action(seed);

program
  .command('rebuild')
  .argument('<projection>', 'a projection name or all')
  .description('replay the event log from position 0 into fresh tables and swap them in (the API reads the old ones until then)')
  .option('--in-place', 'empty and refill the live tables in one transaction on one connection instead (slower)')
  .option('--defer-indexes', 'in place, with the secondary indexes dropped and built at the end (reads of the tables wait until it commits)')
  .action(async (name: string, options: { deferIndexes?: boolean; inPlace?: boolean }) => {
    const inPlace = options.inPlace === true || options.deferIndexes === true;
    console.log(`rebuilt from ${await rebuild(name, { deferIndexes: options.deferIndexes === true, inPlace })} events`);
  });

program
  .command('verify')
  .description('rebuild into a scratch schema and diff against the live read tables')
  .action(async () => {
    const differences = await verify();
    for (const d of differences) console.log(d);
    console.log(differences.length ? `verify: ${differences.length} difference(s)` : 'verify: read model matches the event log');
    if (differences.length) process.exitCode = 1;
  });

program
  .command('audit')
  .description('check every hash chain, every member balance against the fold of their wallet stream, and the business rules of the ledger')
  .action(async () => {
    const report = await audit();
    for (const problem of report.problems) console.log(problem);
    for (const note of report.notes) console.log(`note: ${note}`);
    const checked = `${report.members} member(s), ${report.streams} stream(s)`;
    console.log(report.problems.length ? `audit: ${report.problems.length} problem(s) in ${checked}` : `audit: ledger consistent (${checked})`);
    if (report.problems.length) process.exitCode = 1;
  });

program
  .command('rewrap-keys')
  .description('after a master-key rotation: re-wrap every personal-data key under PERSONAL_DATA_MASTER_KEY')
  .action(async () => console.log(`rewrap-keys: ${await rewrapKeys()} key(s) re-wrapped`));

program
  .command('verify-statement')
  .argument('<file>', 'a statement downloaded from GET /api/users/statement/export (json or csv)')
  .option('--keys <fileOrUrl>', 'the statement keys (JSON of GET /api/statement-keys); default: the configured keys')
  .description('check a signed statement: intact or not, and the balance it proves (exit 1 when not intact)')
  .action(async (file: string, o: { keys?: string }) => {
    const result = await verifyStatement(file, o.keys);
    for (const line of result.lines) console.log(line);
    if (!result.intact) process.exitCode = 1;
  });

program
  .command('checkpoint')
  .description('sign a checkpoint of the log (every stream head, Merkle root, position) into log_checkpoints and LOG_CHECKPOINT_FILE')
  .action(async () => {
    const { checkpoint: c } = await checkpoint();
    console.log(`checkpoint signed: ${c.streams} stream(s), ${c.events} event(s), root ${c.root}, key ${c.key_id}`);
  });

// A promise rejected with no handler is a bug: say so and exit non-zero rather than half-finish.
process.on('unhandledRejection', (reason) => {
  console.error('playquid: unhandled rejection; exiting', reason);
  process.exit(1);
});

program.parseAsync().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
