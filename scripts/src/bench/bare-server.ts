import Fastify from 'fastify';
import pg from 'pg';

/** The envelope and fields of GET /api/users/balance, as constant data. */
const BALANCE = {
  success: true,
  message: 'Balance loaded',
  data: {
    available_amount: 3.25,
    completed_amount: 3.25,
    pending_amount: 0,
    total_amount: 3.25,
    available_pence: 325,
    pending_pence: 0,
    total_pence: 325,
    total_earned: 3.25,
    total_earned_pence: 325,
    total_transactions: 2,
    pending_transactions: 0,
    currency: 'GBP',
  },
};

/**
 * The benchmark's yardsticks, on the same machine and database as the API: a bare Fastify route
 * doing one INSERT per request (for the callback intake) and one answering constant JSON (for the
 * authenticated balance read).
 */
async function main() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 20) });
  await pool.query(
    'create table if not exists bench_bare (id bigserial primary key, tx text not null, params jsonb not null, created_at timestamptz not null default now())',
  );
  const app = Fastify({ logger: false });
  app.get('/insert', async (request) => {
    const query = request.query as Record<string, string>;
    await pool.query('insert into bench_bare (tx, params) values ($1, $2)', [query.tx ?? '', JSON.stringify(query)]);
    return { success: true };
  });
  app.get('/json', async () => BALANCE);
  await app.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
  process.on(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => pool.end())
        .then(() => process.exit(0)),
  );
}

void main();
