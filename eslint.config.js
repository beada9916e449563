// House rules as tools (CONTRIBUTING.md): the layering rule, file size, and TypeScript hygiene.
// `npm run lint` runs ESLint and Prettier's check; .ci/run runs it before the tests.
import tseslint from 'typescript-eslint';

/** Layers point inward: games ← app ← infra / transport ← http / graphql. Each entry: the folder, and the layers it must not import. */
const LAYERS = [
  { files: ['src/games/**/*.ts'], forbidden: ['app', 'infra', 'transport', 'http', 'graphql'], why: 'src/games is the pure rules core: it imports no outer layer.' },
  {
    files: ['src/app/**/*.ts'],
    forbidden: ['infra', 'transport', 'http', 'graphql'],
    why: 'src/app holds use cases and ports: infra and transports depend on it, never the reverse.',
  },
  { files: ['src/infra/**/*.ts'], forbidden: ['transport', 'http', 'graphql'], why: 'src/infra implements ports; it knows no transport.' },
  { files: ['src/transport/**/*.ts'], forbidden: ['http', 'graphql'], why: 'src/transport is shared by both transports and imports neither.' },
  { files: ['src/graphql/**/*.ts'], forbidden: ['http'], why: 'GraphQL shares helpers with HTTP through src/transport, never by importing src/http.' },
];

const layerRule = ({ forbidden, why }) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          // a relative import that climbs into a forbidden layer, e.g. '../../infra/index.js'
          regex: `^(\\.\\./)+(${forbidden.join('|')})(/|$)`,
          message: why,
        },
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
  ...LAYERS.map((layer) => ({ files: layer.files, rules: layerRule(layer) })),
);
