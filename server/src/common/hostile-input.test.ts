import { describe, expect, it } from 'vitest';
import { DISALLOWED_CHARACTERS_MESSAGE, MALFORMED_URL_MESSAGE, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE, urlProblem, valueProblem } from './hostile-input';

const nested = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nested(levels - 1) });

describe('hostile input checks', () => {
  it('accepts ordinary URLs, including encoded text and emoji', () => {
    expect(urlProblem('/api/offers/alloffers?search=caf%C3%A9%20%F0%9F%8E%AE&page=2')).toBeNull();
  });

  it('refuses NUL and undecodable escapes in the URL', () => {
    expect(urlProblem('/api/offers/a%00b')).toBe(DISALLOWED_CHARACTERS_MESSAGE);
    expect(urlProblem('/api/offers/x?search=%00')).toBe(DISALLOWED_CHARACTERS_MESSAGE);
    expect(urlProblem('/api/offers/x?search=%ED%A0%80')).toBe(MALFORMED_URL_MESSAGE);
    expect(urlProblem('/api/offers/x?search=100%')).toBe(MALFORMED_URL_MESSAGE);
  });

  it('refuses NUL and unpaired surrogates anywhere in parsed input, keys included; keeps pairs', () => {
    expect(valueProblem({ a: ['ok', { b: 'game 🎮' }] })).toBeNull();
    expect(valueProblem({ a: ['ok', { b: 'x\u0000' }] })).toBe(DISALLOWED_CHARACTERS_MESSAGE);
    expect(valueProblem({ a: '\ud800' })).toBe(DISALLOWED_CHARACTERS_MESSAGE);
    expect(valueProblem({ a: 'x\udc00' })).toBe(DISALLOWED_CHARACTERS_MESSAGE);
    expect(valueProblem({ ['k\u0000']: 1 })).toBe(DISALLOWED_CHARACTERS_MESSAGE);
  });

  it(`allows ${MAX_JSON_DEPTH} levels of nesting and refuses deeper`, () => {
    expect(valueProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(valueProblem(nested(MAX_JSON_DEPTH + 1))).toBe(TOO_DEEP_MESSAGE);
    expect(valueProblem(JSON.parse(`${'['.repeat(3000)}${']'.repeat(3000)}`))).toBe(TOO_DEEP_MESSAGE);
  });
});
