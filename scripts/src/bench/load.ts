import http from 'node:http';
import { buildCallbackUrl } from '../commands/send-callback';

/**
 * A steady load of signed callbacks at a fixed overall rate, in a process of its own so it never
 * delays the measurement beside it. Prints `ready` once sending, runs until SIGTERM, then prints
 * what it sent as a line of JSON ({ rps: answered per second, sent, failed }). Argument: JSON LoadOptions.
 *
 * The requests are spread evenly over time (one every 1/rate s, over up to `connections` kept-alive
 * connections), whether or not earlier ones have been answered. autocannon's `overallRate` is not
 * steady: each connection sends its share of the second at full speed at the start of every
 * second and then waits, so half the bench's "half load" was full load half of the time.
 */
export interface LoadOptions {
  apiUrl: string;
  secret: string;
  uids: string[];
  rate: number;
  connections: number;
}

/** How often the sender looks at the clock; each look sends the requests due by then. */
const TICK_MS = 2;

function main() {
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
  const { hostname, port } = new URL(options.apiUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  let sent = 0;
  let answered = 0;
  let failed = 0;
  const send = () => {
    const path = paths[sent++ % paths.length];
    http
      .get({ hostname, port, path, agent }, (response) => {
        if ((response.statusCode ?? 500) >= 300) failed++;
        else answered++;
        response.resume();
      })
      .on('error', () => failed++);
  };
  const started = performance.now();
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1_000) * options.rate);
    while (sent < due) send();
  }, TICK_MS);
  process.once('SIGTERM', () => {
    clearInterval(timer);
    const seconds = (performance.now() - started) / 1_000;
    process.stdout.write(`${JSON.stringify({ rps: answered / seconds, sent, failed })}\n`, () => {
      agent.destroy();
      process.exit(0);
    });
  });
  process.stdout.write('ready\n');
}

main();
