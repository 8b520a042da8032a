/* eslint-disable */
// Where `rebuild all` spends its time (issue 19): replays an existing database's log like `rebuild all`
// and prints wall time, this process's CPU, and the CPU of the database's Postgres backends (from ps,
// read once at the end while the connections are still open). Run with `node --cpu-prof` for the node side.
//   node scripts/rebuild-profile.cjs <database> [--defer-indexes] [--page-size 10000] [--only users,wallet] [--each] [--read-only]
// --each: one rebuild per projection (each in its own transaction), to see which projection costs what;
// --read-only: only read the log (the floor every rebuild pays).
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { performance } = require('node:perf_hooks');
const readDb = require('@playquid/read-db');
const { ALL_PROJECTIONS, rebuildProjections } = require('@playquid/projections');
const root = path.join(__dirname, '..');
const name = process.argv[2];
const arg = (flag) => (process.argv.includes(flag) ? process.argv[process.argv.indexOf(flag) + 1] : undefined);
const pageSize = Number(arg('--page-size') || 0) || undefined;
const only = arg('--only')?.split(',');
const url = new URL(readDb.TEST_ADMIN_URL);
url.pathname = `/${name}`;
const backendSeconds = () => {
  const out = execFileSync('ps', ['-eo', 'pid,cputimes,args'], { encoding: 'utf8' });
  const seen = {};
  for (const line of out.split('\n')) if (line.includes(`postgres ${name} `)) { const [pid, t] = line.trim().split(/\s+/); seen[pid] = Number(t); }
  return seen;
};
const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
(async () => {
  const { createEventStore } = require(path.join(root, 'server/dist/event-store/create-event-store.js'));
  const { logPages } = require(path.join(root, 'scripts/dist/commands/event-source.js'));
  const store = await createEventStore({ databaseUrl: url.toString() });
  const db = readDb.createReadDb({ connectionString: url.toString(), max: 2 });
  const projections = only ? ALL_PROJECTIONS.filter((p) => only.includes(p.name)) : ALL_PROJECTIONS;
  const groups = process.argv.includes('--read-only') ? [[]] : process.argv.includes('--each') ? projections.map((p) => [p]) : [projections];
  for (const group of groups) {
    const before = backendSeconds();
    const cpu = process.cpuUsage();
    const started = performance.now();
    let count = 0;
    if (group.length === 0) for await (const page of logPages(store, pageSize ? { pageSize } : {})) count += page.length;
    else count = await rebuildProjections(db, group, logPages(store, pageSize ? { pageSize } : {}), { deferIndexes: process.argv.includes('--defer-indexes') });
    const seconds = (performance.now() - started) / 1000;
    const peak = backendSeconds(); // the backends live until the pools close
    const used = process.cpuUsage(cpu);
    const label = group.length === 0 ? 'read the log' : group.length === ALL_PROJECTIONS.length ? 'all' : group.map((p) => p.name).join(',');
    console.log(`${label}: ${count} events in ${seconds.toFixed(1)} s = ${Math.round(count / seconds)} events/s; node CPU ${((used.user + used.system) / 1e6).toFixed(1)} s; postgres backends CPU ${(sum(peak) - sum(before)).toFixed(0)} s ${JSON.stringify(peak)}`);
  }
  await Promise.all([store.close(), db.destroy()]);
})();
