/* eslint-disable */
// Where `rebuild all` spends its time (issue 19): replays an existing database's log like `rebuild all`
// and prints wall time, this process's CPU, and the CPU of the database's Postgres backends (from ps,
// read once at the end while the connections are still open). Run with `node --cpu-prof` for the node side.
//   node scripts/rebuild-profile.cjs <database> [--in-place [--defer-indexes]] [--connections 8] [--page-size 50000 (10000 with --in-place)] [--only users,wallet] [--each] [--read-only]
// By default like `rebuild all`: into shadow tables on --connections connections, swapped in at the end;
// --in-place: the in-place path (one transaction on one connection).
// --each: one rebuild per projection (each in its own transaction), to see which projection costs what;
// --read-only: only read the log (the floor every rebuild pays).
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { performance } = require('node:perf_hooks');
const readDb = require('@playquid/read-db');
const { ALL_PROJECTIONS, rebuildProjections, rebuildProjectionsBySwap } = require('@playquid/projections');
const root = path.join(__dirname, '..');
const name = process.argv[2];
const arg = (flag) => (process.argv.includes(flag) ? process.argv[process.argv.indexOf(flag) + 1] : undefined);
const pageSizeArg = Number(arg('--page-size') || 0) || undefined;
const only = arg('--only')?.split(',');
const inPlace = process.argv.includes('--in-place') || process.argv.includes('--defer-indexes');
const connections = Number(arg('--connections') || ALL_PROJECTIONS.length);
const url = new URL(readDb.TEST_ADMIN_URL);
url.pathname = `/${name}`;
const backendSeconds = () => {
  const out = execFileSync('ps', ['-eo', 'pid,cputimes,args'], { encoding: 'utf8' });
  const seen = {};
  for (const line of out.split('\n'))
    if (line.includes(`postgres ${name} `)) {
      const [pid, t] = line.trim().split(/\s+/);
      seen[pid] = Number(t);
    }
  return seen;
};
const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
// Backends come and go (the pool closes idle connections): sample them every second, keep each one's last figure.
const sampled = {};
const sampler = setInterval(() => Object.assign(sampled, backendSeconds()), 1000);
sampler.unref();
(async () => {
  const { createEventStore } = require(path.join(root, 'server/dist/event-store/create-event-store.js'));
  const { logPages, REBUILD_PAGE_SIZE } = require(path.join(root, 'scripts/dist/commands/event-source.js'));
  const pageSize = pageSizeArg ?? (inPlace ? undefined : REBUILD_PAGE_SIZE);
  const store = await createEventStore({ databaseUrl: url.toString() });
  const db = readDb.createReadDb({ connectionString: url.toString(), max: connections + 1 });
  // Each projection's time inside apply (its chain's busy time) and its backend's pid.
  const busy = {};
  const pids = {};
  const traced = (p) => ({
    ...p,
    apply: async (trx, events) => {
      if (!pids[p.name]) pids[p.name] = (await require('kysely').sql`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid;
      const t = performance.now();
      try {
        return await p.apply(trx, events);
      } finally {
        busy[p.name] = (busy[p.name] ?? 0) + performance.now() - t;
      }
    },
  });
  const projections = (only ? ALL_PROJECTIONS.filter((p) => only.includes(p.name)) : ALL_PROJECTIONS).map(traced);
  const groups = process.argv.includes('--read-only')
    ? [[]]
    : process.argv.includes('--each')
      ? projections.map((p) => [p])
      : [projections];
  for (const group of groups) {
    Object.assign(sampled, backendSeconds());
    const before = { ...sampled };
    const cpu = process.cpuUsage();
    const started = performance.now();
    let count = 0;
    if (group.length === 0) for await (const page of logPages(store, pageSize ? { pageSize } : {})) count += page.length;
    else if (inPlace)
      count = await rebuildProjections(db, group, logPages(store, pageSize ? { pageSize } : {}), {
        deferIndexes: process.argv.includes('--defer-indexes'),
      });
    else {
      let filled = 0;
      count = await rebuildProjectionsBySwap(db, group, logPages(store, pageSize ? { pageSize } : {}), {
        connections,
        onProgress: () => (filled = performance.now()),
        beforeSwap: async () =>
          console.log(
            `  filled in ${((filled - started) / 1000).toFixed(1)} s, indexes and statistics ${((performance.now() - filled) / 1000).toFixed(1)} s`,
          ),
      });
    }
    const seconds = (performance.now() - started) / 1000;
    const peak = Object.assign(sampled, backendSeconds());
    const used = process.cpuUsage(cpu);
    const label =
      group.length === 0 ? 'read the log' : group.length === ALL_PROJECTIONS.length ? 'all' : group.map((p) => p.name).join(',');
    for (const [p, ms] of Object.entries(busy))
      console.log(`  ${p}: applying ${(ms / 1000).toFixed(1)} s, backend ${pids[p]} CPU ${peak[pids[p]] - (before[pids[p]] ?? 0)} s`);
    console.log(
      `${label}: ${count} events in ${seconds.toFixed(1)} s = ${Math.round(count / seconds)} events/s; node CPU ${((used.user + used.system) / 1e6).toFixed(1)} s; postgres backends CPU ${(sum(peak) - sum(before)).toFixed(0)} s ${JSON.stringify(peak)}`,
    );
  }
  await Promise.all([store.close(), db.destroy()]);
})();
