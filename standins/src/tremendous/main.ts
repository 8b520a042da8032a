import { requiredEnv } from '../env';
import { startTremendousStandin } from './standin';

/**
 * `node standins/dist/tremendous/main.js`: the Tremendous stand-in as its own process, started by
 * scripts/dev.sh. It shares TREMENDOUS_API_KEY and TREMENDOUS_WEBHOOK_SECRET with the API, so the
 * API's real client and webhook check are exercised unchanged.
 */
async function main(): Promise<void> {
  const env = process.env;
  const standin = await startTremendousStandin({
    port: Number(requiredEnv('TREMENDOUS_STANDIN_PORT')),
    host: env.TREMENDOUS_STANDIN_HOST ?? '127.0.0.1',
    webhookUrl: env.TREMENDOUS_STANDIN_WEBHOOK_URL ?? `${requiredEnv('API_URL').replace(/\/+$/, '')}/api/tremendous/webhooks`,
    webhookSecret: requiredEnv('TREMENDOUS_WEBHOOK_SECRET'),
    apiKey: env.TREMENDOUS_API_KEY || undefined,
    log: (message) => console.log(`${new Date().toISOString()} ${message}`),
  });
  console.log(`Tremendous stand-in listening on ${standin.url}`);
  const stop = () => void standin.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
