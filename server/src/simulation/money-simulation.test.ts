import { Logger } from '@nestjs/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulate } from './money-simulation';

/**
 * The money simulation over a fixed set of seeds (SIMULATION_SEEDS raises the count, SIMULATION_SEED
 * replays one). A failing seed is printed with what broke; the same seed replays exactly.
 * `npm run simulate -- --seeds 10000` runs many; `npm run simulate -- --seed 123` replays one.
 */
const only = process.env.SIMULATION_SEED ? [Number(process.env.SIMULATION_SEED)] : undefined;
const count = Number(process.env.SIMULATION_SEEDS ?? 40);
const first = Number(process.env.SIMULATION_FIRST_SEED ?? 1);
const seeds = only ?? Array.from({ length: count }, (_, i) => first + i);

describe('money simulation', () => {
  // The handlers log every order and refusal; thousands of runs would drown the report.
  beforeAll(() => Logger.overrideLogger(false));

  it(`keeps every money rule over ${seeds.length} seeded histories`, async () => {
    const started = Date.now();
    const broken: string[] = [];
    const totals = { callbacks: 0, payouts: 0, jobsRun: 0, redelivered: 0 };
    for (const seed of seeds) {
      const report = await simulate(seed);
      totals.callbacks += report.callbacks;
      totals.payouts += report.payouts;
      totals.jobsRun += report.jobsRun;
      totals.redelivered += report.redelivered;
      if (report.failures.length) broken.push(`seed ${seed} (replay: npm run simulate -- --seed ${seed}):\n  ${report.failures.join('\n  ')}`);
    }
    console.log(
      `money simulation: ${seeds.length} seeds, ${totals.callbacks} callbacks, ${totals.payouts} payouts, ${totals.jobsRun} jobs (${totals.redelivered} redelivered), ${broken.length} broken, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(broken).toEqual([]);
  }, 600_000);

  it('replays a seed exactly', async () => {
    const [a, b] = [await simulate(7), await simulate(7)];
    expect(b).toEqual(a);
  });
});
