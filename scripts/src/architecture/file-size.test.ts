import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './feature-path';

/** No file in server/src does too much: at most this many lines, DTO lists and tests excepted (issue 22). */
const MAX_LINES = 250;
const SERVER_SRC = join(REPO_ROOT, 'server/src');
const excepted = (name: string) => name.endsWith('.dto.ts') || /\.test\.ts$/.test(name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !excepted(entry.name) ? [path] : [];
  });
}

const lineCount = (path: string) => readFileSync(path, 'utf8').replace(/\n$/, '').split('\n').length;

describe('server/src file sizes', () => {
  it('finds the server sources', () => {
    expect(sourceFiles(SERVER_SRC).length).toBeGreaterThan(50);
  });

  it(`has no file over ${MAX_LINES} lines except DTO lists and tests`, () => {
    const over = sourceFiles(SERVER_SRC)
      .map((path) => ({ file: relative(REPO_ROOT, path), lines: lineCount(path) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines (split it by responsibility)`);
    expect(over).toEqual([]);
  });
});
