import { describe, expect, it } from 'vitest';
import { comparePositions, formatPosition, parsePosition } from './positions';

describe('global positions', () => {
  it('order by commit, then prepare', () => {
    expect(comparePositions({ commit: 1n, prepare: 9n }, { commit: 2n, prepare: 1n })).toBe(-1);
    expect(comparePositions({ commit: 2n, prepare: 2n }, { commit: 2n, prepare: 1n })).toBe(1);
    expect(comparePositions({ commit: 2n, prepare: 2n }, { commit: 2n, prepare: 2n })).toBe(0);
  });

  it('survive JSON as "commit/prepare" without losing precision', () => {
    const position = { commit: 18446744073709551615n, prepare: 42n };
    expect(parsePosition(formatPosition(position))).toEqual(position);
    expect(() => parsePosition('12')).toThrow('Invalid global position: 12');
  });
});
