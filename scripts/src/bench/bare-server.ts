import Fastify from 'fastify';
import pg from 'pg';

/**
 * The yardstick for the callback benchmark: a bare Fastify route doing one INSERT per request on the
 * same machine, database and pool size as the API.
 */
async function main() {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 20) });
  await pool.query('create table if not exists bench_bare (id bigserial primary key, tx text not null, params jsonb not null, created_at timestamptz not null default now())');
  const app = Fastify({ logger: false });
  app.get('/insert', async (request) => {
    const query = request.query as Record<string, string>;
    await pool.query('insert into bench_bare (tx, params) values ($1, $2)', [query.tx ?? '', JSON.stringify(query)]);
    return { success: true };
  });
  await app.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
}

void main();
