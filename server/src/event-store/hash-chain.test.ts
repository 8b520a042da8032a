import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, computeEventHash } from './hash-chain';

/** How the chain was first computed: the RFC 8785 library over a JSON round trip (bigints as strings). */
const reference = (value: unknown) => canonicalize(JSON.parse(JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v))));

const values = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withNullPrototype: true,
  withSparseArray: true,
  withObjectString: true,
  withTypedArray: false,
  maxDepth: 4,
});

describe('canonicalJson', () => {
  it('gives exactly the text of the RFC 8785 library over a JSON round trip, so recorded hashes still verify', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), values), (data) => {
        expect(canonicalJson(data)).toBe(reference(data));
      }),
      { numRuns: 2_000 },
    );
  });

  it('sorts keys by UTF-16 code units, numeric-looking keys included, and keeps partner keys such as __proto__ as data', () => {
    const keys: Record<string, unknown> = Object.create(null);
    Object.assign(keys, { b: 1, '10': 2, '9': 3, é: 4, Z: 5, constructor: 6 });
    keys.__proto__ = 'x';
    expect(canonicalJson(keys)).toBe('{"10":2,"9":3,"Z":5,"__proto__":"x","b":1,"constructor":6,"é":4}');
    expect(canonicalJson(keys)).toBe(reference(keys));
  });

  it('drops undefined members, writes null for holes and non-finite numbers, applies toJSON', () => {
    const value = { a: undefined, b: [undefined, NaN, () => 1], c: new Date(0), d: 12n, e: -0 };
    expect(canonicalJson(value)).toBe('{"b":[null,null,null],"c":"1970-01-01T00:00:00.000Z","d":"12","e":0}');
  });
});

describe('computeEventHash', () => {
  it('hashes what the RFC 8785 library over a JSON round trip gave, for any event', () => {
    const events = fc.record({
      streamId: fc.string(),
      revision: fc.bigInt({ min: 0n, max: 2n ** 40n }),
      id: fc.uuid(),
      type: fc.string(),
      data: values,
      metadata: fc.dictionary(fc.string(), values),
    });
    fc.assert(
      fc.property(fc.option(fc.stringMatching(/^[0-9a-f]{64}$/)), events, (previousHash, event) => {
        const { streamId, revision, id, type, data, metadata } = event;
        const canonical = reference({ streamId, revision: revision.toString(), id, type, data, metadata }) ?? '';
        expect(computeEventHash(previousHash, event)).toBe(
          createHash('sha256')
            .update(previousHash ?? '')
            .update(canonical)
            .digest('hex'),
        );
      }),
      { numRuns: 1_000 },
    );
  });

  it('is the sha256 chain of the canonical event, fixed for all time', () => {
    const event = {
      streamId: 'wallet-ana',
      revision: 3n,
      id: '5c1f0b7e-4f1c-4c4b-9a53-0d1e2f3a4b5c',
      type: 'Tested',
      data: { n: 1, text: 'Pokémon £1.25' },
      metadata: { schemaVersion: 1 },
    };
    expect(computeEventHash(null, event)).toBe('3ff2bf96a3e80c701e33f3e4c0fe40000d1637594aadcb0aa7723ab564ed87b0');
  });
});
