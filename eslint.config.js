// House rules as tools (CONTRIBUTING.md): the layering rule, file size, and TypeScript hygiene.
// `npm run lint` runs ESLint and Prettier's check; .ci/run runs it before the tests.
import tseslint from 'typescript-eslint';

/**
 * Dependencies point one way (CONTRACT-independent house rule, CONTRIBUTING.md):
 *   kernel ← games ← app ← infra / transport ← graphql ← http ← the processes (composition, server, worker)
 * Each entry: the folder, the folders of src/ it must not import (relative imports climbing into
 * them), and whether it is pure. There is no exception list: a file that needs something from an
 * outer layer is in the wrong folder.
 */
const OUTER = ['composition', 'server', 'worker', 'documents'];
/** config.ts reads the environment: the kernel and the games never do. */
const ENVIRONMENT = ['config'];
const LAYERS = [
  {
    files: ['src/kernel/**/*.ts'],
    forbidden: ['games', 'app', 'infra', 'transport', 'http', 'graphql', ...OUTER, ...ENVIRONMENT],
    io: true,
    why: 'src/kernel is what every game and the service share: it imports nothing else of ours.',
  },
  {
    files: ['src/games/**/*.ts'],
    forbidden: ['app', 'infra', 'transport', 'http', 'graphql', ...OUTER, ...ENVIRONMENT],
    io: true,
    why: 'A game imports only the kernel (and its own folder): the service depends on games, never the reverse.',
  },
  {
    files: ['src/games/*/rules/**/*.ts'],
    forbidden: ['app', 'infra', 'transport', 'http', 'graphql', ...OUTER, ...ENVIRONMENT, '([\\w-]+/)?(operations|match)'],
    io: true,
    pure: true,
    why: "A game's rules are its pure core, used by its operations and its match decider: they import neither.",
  },
  {
    files: ['src/games/*/match/**/*.ts'],
    forbidden: ['app', 'infra', 'transport', 'http', 'graphql', ...OUTER, ...ENVIRONMENT],
    io: true,
    pure: true,
    why: "A game's match decider is pure: it imports the kernel and its own game only (its operations' schemas where a command takes the same members).",
  },
  {
    files: ['src/app/**/*.ts'],
    forbidden: ['infra', 'transport', 'http', 'graphql', ...OUTER],
    why: 'src/app holds use cases and ports: infra and transports depend on it, never the reverse.',
  },
  { files: ['src/infra/**/*.ts'], forbidden: ['transport', 'http', 'graphql', ...OUTER], why: 'src/infra implements ports; it knows no transport.' },
  {
    files: ['src/transport/**/*.ts'],
    forbidden: ['infra', 'http', 'graphql', ...OUTER],
    why: 'src/transport is shared by both transports and imports neither (nor infra: it is given ports).',
  },
  { files: ['src/graphql/**/*.ts'], forbidden: ['infra', 'http', ...OUTER], why: 'GraphQL shares helpers with HTTP through src/transport, never by importing src/http.' },
  { files: ['src/http/**/*.ts'], forbidden: ['infra', ...OUTER], why: 'src/http is given its services by the composition root; it never imports the root or infra back.' },
];

/** I/O, server, database and queue packages: never in the kernel or a game, whatever the path. */
const IO_PACKAGES = [
  'fs',
  'fs/*',
  'node:fs',
  'node:fs/*',
  'net',
  'node:net',
  'http',
  'node:http',
  'https',
  'node:https',
  'child_process',
  'node:child_process',
  'worker_threads',
  'node:worker_threads',
  'node:dgram',
  'node:dns',
  'node:tls',
  'node:cluster',
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

const layerRule = ({ forbidden, why, io, pure }) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        ...(io ? [{ group: IO_PACKAGES, message: 'The kernel and the games do no I/O: dice, time and data come from the caller.' }] : []),
        ...(pure ? [{ group: ['node:*'], message: 'Pure rules import no Node module.' }] : []),
        {
          // a relative import that climbs into a forbidden folder of src/, e.g. '../../infra/index.js' or '../composition.js'
          regex: `^(\\.\\./)+(${forbidden.join('|')})(/|\\.js$|$)`,
          message: why,
        },
      ],
    },
  ],
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'coverage/**', 'src/infra/prisma/generated/**', 'clients/**/generated/**', 'clients/**/dist/**', '.data/**', '.scratch/**'] },
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
    files: ['src/**/*.ts', 'scripts/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs}', 'clients/**/*.ts', 'examples/**/*.ts'],
    ignores: ['src/games/*/match/events.schema.ts'],
    // physical lines, comments and blank lines included; generated files (marked "do not edit") are listed in `ignores`
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  // The kernel and the games: no clock and no ambient randomness (dice come from the injected source).
  {
    files: ['src/kernel/**/*.ts', 'src/games/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Date', message: 'The kernel and the games are pure: time comes from the caller.' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'The kernel and the games are pure: dice come from the injected source.' }],
    },
  },
  ...LAYERS.map((layer) => ({ files: layer.files, ...(layer.ignores ? { ignores: layer.ignores } : {}), rules: layerRule(layer) })),
);
