import { describe, expect, it } from 'vitest';
import { displayTextProblem, isRfc3339, normaliseDisplayText } from './text-rules';

describe('display text', () => {
  it('refuses bidi overrides, zero-width and other format characters', () => {
    for (const text of ['evil\u202Egpj.exe', 'ad\u200Bmin', 'a\u2066b', 'soft\u00ADhyphen', '\uFEFFbom']) {
      expect(displayTextProblem('username', text)).toBe('username must not contain invisible or text-direction control characters');
    }
  });

  it('takes ordinary names, accents and emoji', () => {
    for (const text of ['Zoë', 'José García', '🎮 gamer', 'O’Neil']) expect(displayTextProblem('username', text)).toBeNull();
  });

  it('normalises to NFC and trims', () => {
    expect(normaliseDisplayText('  Zoe\u0308 ')).toBe('Zoë');
    expect(normaliseDisplayText('Zoe\u0308')).toBe(normaliseDisplayText('Zoë'));
  });
});

describe('RFC 3339 timestamps', () => {
  it('accepts date, time with seconds and an offset', () => {
    for (const value of ['2024-01-01T10:00:00Z', '2024-01-01t10:00:00z', '2024-01-01T10:00:00.5Z', '2024-01-01T10:00:00.123456+01:00', '2024-02-29T23:59:59-05:30']) {
      expect(isRfc3339(value), value).toBe(true);
    }
  });

  it('refuses the other ISO 8601 forms and impossible dates', () => {
    for (const value of [
      '2024-W01-1',
      '20240101',
      '2024-01-01T10Z',
      '2024-01-01T10:00:00,5Z',
      '2024-01-01',
      '2024-01-01T10:00:00',
      '2024-01-01 10:00:00Z',
      '2023-02-29T10:00:00Z',
      '2024-13-01T10:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T10:00:00+25:00',
      '',
    ]) {
      expect(isRfc3339(value), value).toBe(false);
    }
  });
});
