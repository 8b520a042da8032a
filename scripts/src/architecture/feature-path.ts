import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The files a change to one feature path touches, counted from the code as docs/architecture.md
 * counts them: every file its entry points import, directly or through others, following relative
 * imports and, for `@playquid/*` packages, the file of the package that declares each imported name;
 * shared infrastructure (the folders and files in `SHARED`) is left out and not followed.
 */
export const REPO_ROOT = resolve(__dirname, '../../..');

/** Shared infrastructure: not counted, not followed (event store, command handling, clock, auth, envelope, config, ui primitives, ...). */
export const SHARED = [
  /^server\/src\/(event-store|cqrs|common|config|infra|auth|forwarder|health|seo|app\.|main\.)/,
  /^client\/src\/(ui|components|lib\/(api|api-client|toast|page|seo-head|query-string|format|display|use-flash|payout-cache)\.)/,
  /^contracts\/src\/(index|api|constants|money|seo)\.ts$/,
  /^domain\/src\/(index|decider|paging|upcasters)\.ts$/,
  /^projections\/src\/(?!projections\/)/,
  /^read-db\/src\//,
  /\.test\.tsx?$/,
];

const PACKAGES: Record<string, string> = {
  '@playquid/contracts': 'contracts/src',
  '@playquid/domain': 'domain/src',
  '@playquid/read-db': 'read-db/src',
  '@playquid/projections': 'projections/src',
};

const isShared = (file: string) => SHARED.some((pattern) => pattern.test(file));

function resolveRelative(from: string, spec: string): string | undefined {
  const base = resolve(REPO_ROOT, dirname(from), spec);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate)) return relative(REPO_ROOT, candidate);
  return undefined;
}

const declarations = new Map<string, Map<string, string>>();
/** name -> file of a package that declares it (export const/function/class/type/interface/enum). */
function declared(pkgDir: string): Map<string, string> {
  let names = declarations.get(pkgDir);
  if (names) return names;
  names = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(resolve(REPO_ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'testing') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(resolve(REPO_ROOT, path), 'utf8');
        for (const m of text.matchAll(
          /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:const|let|function\*?|async function|class|type|interface|enum)\s+([A-Za-z0-9_$]+)/gm,
        ))
          if (!names.has(m[1]!)) names.set(m[1]!, path);
      }
    }
  };
  walk(pkgDir);
  declarations.set(pkgDir, names);
  return names;
}

/** The files `file` imports (before the shared filter). */
export function importsOf(file: string): string[] {
  const text = readFileSync(resolve(REPO_ROOT, file), 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/import\s+(?:type\s+)?([\s\S]*?)\s+from\s+'([^']+)'/g)) {
    const [, clause, spec] = m as unknown as [string, string, string];
    if (spec.startsWith('.')) {
      const target = resolveRelative(file, spec);
      if (target) found.push(target);
    } else if (PACKAGES[spec]) {
      const names = [...clause.matchAll(/(?:type\s+)?([A-Za-z0-9_$]+)(?:\s+as\s+[A-Za-z0-9_$]+)?/g)]
        .map((n) => n[1]!)
        .filter((n) => n !== 'type');
      const index = declared(PACKAGES[spec]!);
      for (const name of names) {
        const target = index.get(name);
        if (target) found.push(target);
      }
    }
  }
  return found;
}

/** The feature's files reached from `entries`, sorted. */
export function featurePath(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || isShared(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return [...seen].sort();
}

/** `folder/` -> its files, the folder being the file's directory. */
export const byFolder = (files: readonly string[]): Map<string, string[]> => {
  const folders = new Map<string, string[]>();
  for (const file of files) folders.set(dirname(file), [...(folders.get(dirname(file)) ?? []), file]);
  return folders;
};

/** The listing docs/architecture.md holds between `<!-- feature-path NAME: entries -->` and `<!-- /feature-path -->`. */
export function renderFeaturePath(files: readonly string[]): string {
  const folders = byFolder(files);
  const lines = [...folders].map(
    ([folder, inFolder]) => `- \`${folder}/\` (${inFolder.length}): ${inFolder.map((f) => `\`${f.slice(folder.length + 1)}\``).join(', ')}`,
  );
  return [...lines, '', `${files.length} files in ${folders.size} folders.`].join('\n');
}

export interface CountedPath {
  name: string;
  entries: string[];
  /** The listing as the document has it. */
  written: string;
}

/** The counted paths of a document: each marker's name, entry points and the text up to its end marker. */
export function countedPaths(doc: string): CountedPath[] {
  return [...doc.matchAll(/<!-- feature-path ([\w-]+): ([^>]*?) -->\n([\s\S]*?)\n<!-- \/feature-path -->/g)].map((m) => ({
    name: m[1]!,
    entries: m[2]!.trim().split(/\s+/),
    written: m[3]!.trim(),
  }));
}
