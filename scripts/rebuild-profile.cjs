/* eslint-disable */
// Where `rebuild all` spends its time (issue 19): replays an existing database's log like `rebuild all`
// and prints wall time, this process's CPU, and the CPU of the database's Postgres backends (from ps,
// read once at the end while the connections are still open). Run with `node --cpu-prof` for the node side.
//   node scripts/rebuild-profile.cjs <database> [--defer-indexes] [--page-size 10000]
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { performance } = require('node:perf_hooks');
const readDb = require('@playquid/read-db');
const { ALL_PROJECTIONS, rebuildProjections } = require('@playquid/projections');
const root = path.join(__dirname, '..');
const name = process.argv[2];
const pageSize = Number(process.argv[process.argv.indexOf('--page-size') + 1] || 0) || undefined;
const url = new URL(readDb.TEST_ADMIN_URL);
url.pathname = `/${name}`;
const backendSeconds = () => {
  const out = execFileSync('ps', ['-eo', 'pid,cputimes,args'], { encoding: 'utf8' });
  const seen = {};
  for (const line of out.split('\n')) if (line.includes(`postgres ${name} `)) { const [pid, t] = line.trim().split(/\s+/); seen[pid] = Number(t); }
  return seen;
};
(async () => {
  const { createEventStore } = require(path.join(root, 'server/dist/event-store/create-event-store.js'));
  const { logPages } = require(path.join(root, 'scripts/dist/commands/event-source.js'));
  const store = await createEventStore({ databaseUrl: url.toString() });
  const db = readDb.createReadDb({ connectionString: url.toString(), max: 2 });
  const cpu = process.cpuUsage();
  const started = performance.now();
  const count = await rebuildProjections(db, ALL_PROJECTIONS, logPages(store, pageSize ? { pageSize } : {}), { deferIndexes: process.argv.includes('--defer-indexes') });
  const seconds = (performance.now() - started) / 1000;
  const peak = backendSeconds(); // the backends live until the pools close
  const used = process.cpuUsage(cpu);
  console.log(`${count} events in ${seconds.toFixed(1)} s = ${Math.round(count / seconds)} events/s; node CPU ${((used.user + used.system) / 1e6).toFixed(1)} s; postgres backends CPU ${JSON.stringify(peak)}`);
  await Promise.all([store.close(), db.destroy()]);
})();
