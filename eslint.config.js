// House rules as tools (CONTRIBUTING.md): the layering rule, file size, and TypeScript hygiene.
// `npm run lint` runs ESLint and Prettier's check; .ci/run runs it before the tests.
import tseslint from 'typescript-eslint';

/**
 * Layers point inward: games ← app ← infra / transport ← http / graphql. Each entry: the folder, and the layers it must not import.
 * A game's folder (src/games/<game>): `rules/` and `match/` are pure; `operations/` and `commands/` adapt them to the use cases of src/app. */
const ADAPTERS = ['src/games/*/operations/**/*.ts', 'src/games/*/commands/**/*.ts'];
const LAYERS = [
  {
    files: ['src/games/**/*.ts'],
    ignores: ADAPTERS,
    forbidden: ['app', 'infra', 'transport', 'http', 'graphql', '([\\w-]+/)?operations'],
    // the command types are derived from the commands' schemas (one declaration per input): type imports only
    typesOnly: ['([\\w-]+/)?commands'],
    pure: true,
    why: "A game's rules and match decider are pure: they import no outer layer and none of the game's operations or command adapters.",
  },
  {
    files: ADAPTERS,
    forbidden: ['infra', 'transport', 'http', 'graphql'],
    why: "A game's operations and command adapters are use cases: infra and transports depend on them, never the reverse.",
  },
  {
    files: ['src/app/**/*.ts'],
    forbidden: ['infra', 'transport', 'http', 'graphql'],
    why: 'src/app holds use cases and ports: infra and transports depend on it, never the reverse.',
  },
  { files: ['src/infra/**/*.ts'], forbidden: ['transport', 'http', 'graphql'], why: 'src/infra implements ports; it knows no transport.' },
  { files: ['src/transport/**/*.ts'], forbidden: ['http', 'graphql'], why: 'src/transport is shared by both transports and imports neither.' },
  { files: ['src/graphql/**/*.ts'], forbidden: ['http'], why: 'GraphQL shares helpers with HTTP through src/transport, never by importing src/http.' },
];

/** Pure code reaches no I/O, server, database or queue package, whatever the path. */
const IO_PACKAGES = [
  'node:*',
  'fs',
  'fs/*',
  'net',
  'http',
  'https',
  'child_process',
  'worker_threads',
  'fastify',
  'fastify/*',
  '@fastify/*',
  'mercurius',
  '@prisma/*',
  'pg',
  'bullmq',
  'ioredis',
  '@electric-sql/*',
];

const layerRule = ({ forbidden, typesOnly = [], why, pure }) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...(pure ? [{ group: IO_PACKAGES, message: 'Pure rules do no I/O: dice, time and data come from the caller.' }] : []),
        {
          // a relative import that climbs into a forbidden layer, e.g. '../../infra/index.js'
          regex: `^(\\.\\./)+(${forbidden.join('|')})(/|$)`,
          message: why,
        },
        ...typesOnly.map((folder) => ({ regex: `^(\\.\\./)+${folder}(/|$)`, allowTypeImports: true, message: `${why} (Types only.)` })),
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'coverage/**', 'src/infra/prisma/generated/**', 'clients/**/generated/**', 'clients/**/dist/**', '.data/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      // Operations are registered heterogeneously (Operation<any>[]); schemas are checked at runtime by Ajv.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  // Pure rules: no clock and no ambient randomness (dice come from the injected source).
  {
    files: ['src/games/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Date', message: 'src/games is pure: time comes from the caller.' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'src/games is pure: dice come from the injected source.' }],
    },
  },
  ...LAYERS.map((layer) => ({ files: layer.files, ...(layer.ignores ? { ignores: layer.ignores } : {}), rules: layerRule(layer) })),
);
