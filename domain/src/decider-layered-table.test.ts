import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layeredTable } from './decider';
import { deepFreeze } from './testing/deep-freeze';

const table = (entries: Array<[string, number]>): Record<string, number> => Object.assign(Object.create(null) as Record<string, number>, Object.fromEntries(entries));

type Op = { kind: 'set'; key: string; value: number } | { kind: 'delete'; key: string } | { kind: 'list' };

// Ids as the wallet's tables meet them, including integer-like ones (listed first, ascending) and `__proto__`.
const key = fc.constantFrom('a', 'b', 'c', 'tx-1', 'tx-2', '7', '42', '__proto__', 'toString', 'constructor');
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), key, value: fc.integer() }),
  fc.record({ kind: fc.constant('delete' as const), key }),
  fc.record({ kind: fc.constant('list' as const) }),
);

describe('layeredTable', () => {
  it('reads as its base with its own writes and deletes, and never changes the base', () => {
    const base = deepFreeze(table([['a', 1], ['b', 2]]));
    const layer = layeredTable(base);
    layer.c = 3;
    layer.a = 10;
    delete layer.b;
    expect([layer.a, layer.b, layer.c, 'b' in layer, 'c' in layer, layer['__proto__'], 'toString' in layer]).toEqual([10, undefined, 3, false, true, undefined, false]);
    expect(base).toEqual(table([['a', 1], ['b', 2]]));
    expect(JSON.stringify(layer)).toBe('{"a":10,"c":3}');
  });

  it('behaves as an ordinary copy of the table under any writes, deletes and listings, key order included', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.integer())), fc.array(op, { maxLength: 30 }), (entries, ops) => {
        const base = deepFreeze(table(entries));
        const before = JSON.stringify(base);
        const layer = layeredTable(base);
        const copy = table(Object.entries(base));
        for (const o of ops) {
          if (o.kind === 'set') {
            layer[o.key] = o.value;
            copy[o.key] = o.value;
          } else if (o.kind === 'delete') {
            delete layer[o.key];
            delete copy[o.key];
          } else expect(Object.entries(layer)).toEqual(Object.entries(copy));
          for (const k of ['a', '7', '__proto__', 'toString']) expect([layer[k], k in layer]).toEqual([copy[k], k in copy]);
        }
        const forIn: string[] = [];
        for (const k in layer) forIn.push(k);
        expect(forIn).toEqual(Object.keys(copy));
        expect(JSON.stringify(layer)).toBe(JSON.stringify(copy));
        expect(JSON.stringify(base)).toBe(before);
      }),
      { numRuns: 500 },
    );
  });
});
