import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countedPaths, featurePath, renderFeaturePath, REPO_ROOT } from './feature-path';

const doc = readFileSync(resolve(REPO_ROOT, 'docs/architecture.md'), 'utf8');

describe("docs/architecture.md's file counts", () => {
  const paths = countedPaths(doc);

  it('count the payout request and the callback path', () => {
    expect(paths.map((path) => path.name).sort()).toEqual(['callback', 'payout-request']);
  });

  // On a failure, the expected text is the listing to paste between the markers.
  it.each(paths.map((path) => [path.name, path] as const))('list the files the %s path reaches in the code', (_name, path) => {
    expect(path.written).toBe(renderFeaturePath(featurePath(path.entries)));
  });
});
