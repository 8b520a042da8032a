/* eslint-disable */
// p50 of the admin and member list reads on a generated read model (issue 19). Not part of the
// tests; asserts nothing. After a build:
//   node scripts/bench-lists.cjs --members 20000 [--server-dist DIR] [--migrate-to NAME] [--runs 15] [--only TEXT]
// `--server-dist` and `--migrate-to` measure older code and schema (e.g. main's build, and
// '1796000000000-PayoutRewardStates' for the schema before the list indexes).
const path = require('node:path');
const { performance } = require('node:perf_hooks');
const readDb = require('@playquid/read-db');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const members = Number(arg('members', '20000'));
const runs = Number(arg('runs', '15'));
const serverDist = path.resolve(arg('server-dist', path.join(__dirname, '../server/dist')));
const migrateTo = arg('migrate-to', undefined);
const only = arg('only', '');
const load = (p) => require(path.join(serverDist, p));

async function main() {
  const database = await readDb.createTestDatabase('benchlists');
  const db = readDb.createReadDb({ connectionString: database.url, max: 2 });
  try {
    if (migrateTo) await readDb.createMigrator(db).migrateTo(migrateTo);
    else await readDb.migrateToLatest(db);
    const t0 = performance.now();
    await readDb.seedReadModel(db, members);
    console.log(`seeded ${members} members (and as many payouts, earnings, callbacks, statement rows) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const { UserRepository } = load('users/user.repository.js');
    const { PayoutRepository } = load('payouts/payout.repository.js');
    const { CallbackRepository } = load('callbacks/callback.repository.js');
    const users = new UserRepository(db);
    const lastOffset = Math.floor((members - 1) / 20) * 20;
    const calls = [
      ['admin users, page 1', () => users.page({ sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: 0 })],
      ['admin users, page 100', () => users.page({ sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: 1980 })],
      ['admin users, last page', () => users.page({ sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: lastOffset })],
      ['admin users, by last login, page 100', () => users.page({ sortBy: 'last_login', sortOrder: 'desc', limit: 20, offset: 1980 })],
      ['admin users, search', () => users.page({ search: 'player1234', sortBy: 'created_at', sortOrder: 'desc', limit: 20, offset: 0 })],
      ['member profile/stats row (referral count)', () => users.find('u7')],
      ['admin payouts, page 100', () => new PayoutRepository(db).pageForAdmin(undefined, 20, 1980)],
      ['callbacks console, search (offer name, 5% of rows)', () => new CallbackRepository(db).page({ search: 'Dragon Quest 17' }, 20, 0)],
      // Part of a transaction id, as an admin pastes it: the seed's ids are 'tx-' and md5 of the row number.
      ['callbacks console, search (transaction id part)', () => new CallbackRepository(db).page({ search: '5700012be6' }, 20, 0)],
      ['callbacks console, last page', () => new CallbackRepository(db).page({}, 20, lastOffset)],
    ];
    for (const [name, call] of calls.filter(([name]) => name.includes(only))) {
      const first = performance.now();
      // A page deeper than the OFFSET cap with no page served before it is refused (400) since issue 19.
      const refused = await call().then(() => undefined, (error) => String(error.message ?? error));
      if (refused) {
        console.log(`${name.padEnd(52)} refused: ${refused.slice(0, 60)}`);
        continue;
      }
      const times = [performance.now() - first];
      // Stop early on a call that takes seconds: its p50 is plain after a few runs.
      for (let i = 1; i < runs && (i < 3 || times[0] < 2000); i++) {
        const start = performance.now();
        await call();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(`${name.padEnd(52)} p50 ${times[Math.floor(times.length / 2)].toFixed(1).padStart(9)} ms  (${times.length} runs)`);
    }
  } finally {
    await db.destroy();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
