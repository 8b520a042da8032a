import { requiredEnv } from '../env';
import { startBitlabsStandin } from './standin';

/**
 * `node standins/dist/bitlabs/main.js`: the BitLabs offers stand-in as its own process, started by
 * scripts/dev.sh. It accepts the API's BITLABS_API_TOKEN, so the API's real client is exercised
 * unchanged.
 */
async function main(): Promise<void> {
  const env = process.env;
  const standin = await startBitlabsStandin({
    port: Number(requiredEnv('BITLABS_STANDIN_PORT')),
    host: env.BITLABS_STANDIN_HOST ?? '127.0.0.1',
    apiToken: env.BITLABS_API_TOKEN || undefined,
    publicUrl: env.BITLABS_STANDIN_PUBLIC_URL || undefined,
    log: (message) => console.log(`${new Date().toISOString()} ${message}`),
  });
  console.log(`BitLabs stand-in listening on ${standin.url} (${standin.offers.length} offers)`);
  const stop = () => void standin.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
