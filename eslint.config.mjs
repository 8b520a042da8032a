// ESLint flat config for every package (each runs `eslint src` from its folder; this file is found
// by walking up). Correctness rules only: formatting is Prettier's job (.prettierrc.json).
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(fileURLToPath(import.meta.url));

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const TS_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts'];

// Package boundaries (docs/architecture.md), from the Nx tags in each package.json. The partner
// stand-ins are for dev and tests: only scripts and the cross-package tests may import them (Nx also
// checks what an imported package depends on), so no production code can reach them.
const NOT_STANDINS = ['scope:standins'];
const DEP_CONSTRAINTS = [
  { sourceTag: 'scope:contracts', onlyDependOnLibsWithTags: [] },
  // The validated environment: read by the API, the projections worker and the CLI, never by the client.
  { sourceTag: 'scope:config', onlyDependOnLibsWithTags: ['scope:contracts'], notDependOnLibsWithTags: NOT_STANDINS },
  { sourceTag: 'scope:domain', onlyDependOnLibsWithTags: ['scope:contracts'], notDependOnLibsWithTags: NOT_STANDINS },
  { sourceTag: 'scope:read-db', onlyDependOnLibsWithTags: ['scope:contracts'], notDependOnLibsWithTags: NOT_STANDINS },
  { sourceTag: 'scope:standins', onlyDependOnLibsWithTags: ['scope:contracts'] },
  {
    sourceTag: 'scope:server',
    onlyDependOnLibsWithTags: ['scope:contracts', 'scope:config', 'scope:domain', 'scope:read-db'],
    notDependOnLibsWithTags: NOT_STANDINS,
  },
  {
    sourceTag: 'scope:projections',
    onlyDependOnLibsWithTags: ['scope:contracts', 'scope:config', 'scope:domain', 'scope:read-db'],
    notDependOnLibsWithTags: NOT_STANDINS,
  },
  { sourceTag: 'scope:client', onlyDependOnLibsWithTags: ['scope:contracts', 'scope:domain'], notDependOnLibsWithTags: NOT_STANDINS },
  // The cross-package tests boot the real stack in-process, so they may use every package.
  { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['*'] },
  { sourceTag: 'scope:scripts', onlyDependOnLibsWithTags: ['*'] },
];

// The server's own tests run its real partner clients against the stand-ins (a devDependency).
const SERVER_TEST_CONSTRAINTS = DEP_CONSTRAINTS.map((constraint) =>
  constraint.sourceTag === 'scope:server'
    ? { sourceTag: 'scope:server', onlyDependOnLibsWithTags: [...constraint.onlyDependOnLibsWithTags, 'scope:standins'] }
    : constraint,
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/.nx/**',
      '**/.data/**',
      '**/*.gen.ts', // generated (e.g. TanStack Router's routeTree.gen.ts)
      '**/*.d.ts',
    ],
  },

  // registers the `@nx` plugin (enforce-module-boundaries)
  ...nx.configs['flat/base'],

  {
    files: TS_FILES,
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      '@nx/enforce-module-boundaries': ['error', { allow: [], depConstraints: DEP_CONSTRAINTS }],

      // tsc (strict, noUnusedLocals/Parameters) already covers these; keep the `_` escape hatch.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-empty-function': 'off',
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // Nest modules and DTO holders are legitimately empty/static classes.
      '@typescript-eslint/no-extraneous-class': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      'no-console': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },

  // No circular imports inside a package (between packages the boundaries above forbid them). Our
  // packages are reached through node_modules without following the symlink, so they count as
  // external and are not walked; type-only imports are erased by the compiler and never count.
  {
    files: TS_FILES,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': [...TS_EXTENSIONS, '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': TS_EXTENSIONS },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: [...TS_EXTENSIONS, '.js', '.mjs', '.cjs', '.json'], symlinks: false })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  // Every package declares what it imports in its own package.json (the root's are dev tools such as
  // vitest, for tests only): a package the production image installs must not lean on another
  // workspace's dependencies. Tests and their helpers may use devDependencies.
  ...['contracts', 'config', 'domain', 'read-db', 'server', 'projections', 'scripts', 'standins', 'client', 'test'].map((pkg) => ({
    files: [`${pkg}/**/*.ts`, `${pkg}/**/*.tsx`],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          packageDir: [join(ROOT, pkg), ROOT],
          devDependencies: ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts', '**/testing/**', '**/support/**', '**/test-setup.ts', '**/*.config.ts', '**/*.config.mts', '**/*.contract.ts'],
          optionalDependencies: false,
        },
      ],
    },
  })),

  // React (client): the rules of hooks.
  {
    files: ['client/**/*.ts', 'client/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },

  {
    files: ['server/src/**/*.test.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', { allow: [], depConstraints: SERVER_TEST_CONSTRAINTS }] },
  },

  // Kysely migrations are written against Kysely<any> on purpose (the schema of their time).
  {
    files: ['read-db/src/migrations/**', 'read-db/src/migrator.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // Tests: fixtures and helpers may be looser.
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts', '**/testing/**', '**/support/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
