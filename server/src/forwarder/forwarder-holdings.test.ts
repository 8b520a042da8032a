import { describe, expect, it } from 'vitest';
import { ForwarderHoldings } from './forwarder-holdings';
import { LeaseLostError } from './lease-lost.error';

describe('ForwarderHoldings', () => {
  it('runs the steps one at a time, in the order given, also after one fails', async () => {
    const holdings = new ForwarderHoldings();
    const order: string[] = [];
    let finishFirst!: () => void;
    const first = holdings.exclusive(async () => {
      order.push('first begins');
      await new Promise<void>((resolve) => (finishFirst = resolve));
      order.push('first ends');
      throw new Error('first failed');
    });
    const second = holdings.exclusive(async () => void order.push('second'));
    await Promise.resolve();
    expect(order).toEqual(['first begins']);
    finishFirst();
    await expect(first).rejects.toThrow('first failed');
    await second;
    expect(order).toEqual(['first begins', 'first ends', 'second']);
  });

  it('stops work begun under a holding once that holding has ended', () => {
    const holdings = new ForwarderHoldings();
    const holding = holdings.now;
    expect(() => holdings.check(holding)).not.toThrow();
    holdings.end();
    expect(() => holdings.check(holding)).toThrow(LeaseLostError);
    expect(() => holdings.check(holdings.now)).not.toThrow();
  });
});
