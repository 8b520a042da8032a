import autocannon from 'autocannon';
import { buildCallbackUrl } from '../commands/send-callback';

/**
 * A steady load of signed callbacks at a fixed overall rate, in a process of its own so it never
 * delays the measurement beside it. Prints `ready` once sending, runs until SIGTERM, then prints
 * what it sent as a line of JSON. Argument: JSON LoadOptions.
 */
export interface LoadOptions {
  apiUrl: string;
  secret: string;
  uids: string[];
  rate: number;
  connections: number;
}

async function main() {
  const options = JSON.parse(process.argv[2]) as LoadOptions;
  // Signed ahead, so the generator spends its time sending.
  const paths = Array.from({ length: Math.max(options.rate * 120, 1_000) }, (_, i) =>
    buildCallbackUrl({
      uid: options.uids[i % options.uids.length],
      amount: '0.10',
      tx: `steady-${process.pid}-${i}`,
      baseUrl: options.apiUrl,
      secret: options.secret,
    }).slice(options.apiUrl.length),
  );
  let next = 0;
  const instance = autocannon(
    {
      url: options.apiUrl,
      connections: options.connections,
      overallRate: options.rate,
      duration: 3_600,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
    },
    (error, result) => {
      if (error) throw error;
      process.stdout.write(
        `${JSON.stringify({ rps: result.requests.average, sent: result.requests.sent, failed: result.non2xx + result.errors })}\n`,
      );
    },
  );
  process.once('SIGTERM', () => instance.stop());
  process.stdout.write('ready\n');
}

void main();
