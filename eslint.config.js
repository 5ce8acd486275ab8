import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'

// The import boundaries of DESIGN.md, enforced here rather than in review. A file gets one list (a later block
// replaces an earlier one's), so each server zone below states all that applies to it.
const serverBoundaries = {
  client: {
    group: ['**/apps/web/**', '@shelfcast/web', '@shelfcast/web/*'],
    message: 'The server never imports client code.',
  },
  outbound: ['http', 'node:http', 'https', 'node:https', 'undici'].map((name) => ({
    name,
    // A server's types (realtime attaches to the HTTP server) open no connection.
    allowTypeImports: true,
    message: 'Outbound requests go through net/ (the guarded fetcher).',
  })),
  fastifyPlugins: {
    group: ['@fastify/*'],
    message: 'Fastify plugins belong to route files, http/ and app.ts; services take plain data.',
  },
  processes: ['child_process', 'node:child_process'].map((name) => ({
    name,
    message: 'Processes (ffmpeg, ffprobe) start only in media/.',
  })),
}
/** The server-wide boundaries, minus the ones a zone is the home of, plus the zone's own. */
const serverRule = ({ allow = [], extra = [] } = {}) => {
  const kept = Object.entries(serverBoundaries)
    .filter(([name]) => !allow.includes(name))
    .flatMap(([, entry]) => entry)
  return [
    'error',
    {
      // Module names (node:http) by exact name; folders and packages (@fastify/*) by pattern.
      paths: kept.filter((entry) => 'name' in entry),
      patterns: [...kept.filter((entry) => 'group' in entry), ...extra],
    },
  ]
}
const serverZone = (files, rule, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-restricted-imports': rule },
})
const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/src/test-support/**']
const fastifyHomes = ['fastifyPlugins']

const webImportsForbidden = {
  patterns: [
    {
      group: ['**/apps/server/**', '@shelfcast/server', '@shelfcast/server/*'],
      message: 'The client never imports server code.',
    },
  ],
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.test-reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Rules that need the types: a promise nobody awaits loses its error (an unhandled rejection stops the
    // server), and one passed where a callback's result is ignored runs unsupervised.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vitest.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `void` marks a promise left to run on purpose; on anything else it only hides what the call returns.
      '@typescript-eslint/no-meaningless-void-operator': 'error',
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@shelfcast/server*', '@shelfcast/web*'],
              message: 'contracts imports neither app.',
            },
          ],
        },
      ],
    },
  },
  serverZone(['apps/server/**/*.ts'], serverRule()),
  // net/ is the guarded fetcher: the one place that may open outbound connections (SECURITY rule 3).
  serverZone(['apps/server/src/net/**/*.ts'], serverRule({ allow: ['outbound'] })),
  serverZone(['apps/server/src/media/**/*.ts'], serverRule({ allow: ['processes'] })),
  serverZone(['apps/server/src/http/**/*.ts', 'apps/server/src/app.ts'], serverRule({ allow: fastifyHomes })),
  // The database layer knows rows, not the capabilities built on them.
  serverZone(
    ['apps/server/src/db/**/*.ts'],
    serverRule({
      extra: [
        { group: ['**/modules/**', '**/realtime/**'], message: 'db/ imports no module and no realtime.' },
      ],
    }),
  ),
  // Route files translate HTTP to service calls: no SQL.
  serverZone(
    ['apps/server/src/**/*.routes.ts'],
    serverRule({
      allow: fastifyHomes,
      extra: [{ group: ['kysely', '**/*.repository.ts'], message: 'Route files call services, never SQL.' }],
    }),
  ),
  // Repositories hold SQL only: they never reach for HTTP or realtime.
  serverZone(
    ['apps/server/src/**/*.repository.ts'],
    serverRule({
      extra: [
        {
          group: ['**/realtime/**', 'fastify', '**/http/**'],
          message: 'Repositories hold SQL only: no HTTP, no events.',
        },
      ],
    }),
  ),
  // Services hold the rules: no HTTP framework, events only through realtime.
  serverZone(
    ['apps/server/src/**/*.service.ts'],
    serverRule({ extra: [{ group: ['fastify'], message: 'Services hold the rules: no HTTP.' }] }),
  ),
  // Tests and their helpers start servers, processes and apps of their own.
  serverZone(serverTests, serverRule({ allow: ['outbound', 'fastifyPlugins', 'processes'] })),
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/net/**', 'apps/server/src/**/*.test.ts', 'apps/server/src/test-support/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Fetch user-given URLs with ctx.fetcher (net/, the guarded fetcher).' },
      ],
    },
  },
  {
    // Accessibility rules on the client's markup (every screen works by keyboard and with a screen reader).
    files: ['apps/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Focus moves on purpose where the spec says so: into an opened dialog (the WAI-ARIA dialog pattern),
      // and to the login form's first empty field.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', webImportsForbidden],
    },
  },
  {
    // The web app takes values from `@shelfcast/contracts/client`, which loads no zod: a value from the main entry
    // would build every schema (and bring zod) into the first load. Types come from the main entry; tests may
    // use the schemas.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@shelfcast/contracts',
              allowTypeImports: true,
              message: "Import values from '@shelfcast/contracts/client' (zod-free); types may stay here.",
            },
          ],
        },
      ],
    },
  },
  {
    // UI widgets know nothing of the domain.
    files: ['apps/web/src/components/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webImportsForbidden.patterns,
            {
              group: ['**/features/**', '@shelfcast/contracts', '@shelfcast/contracts/*'],
              message: 'components/ui has no domain imports.',
            },
          ],
        },
      ],
    },
  },
  {
    // Features reach each other only through their index.ts. Inside a feature, relative imports climb at
    // most one level; everything farther goes through the `@/` alias, where the rule can see the feature.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webImportsForbidden.patterns,
            {
              // on-demand.ts: the same feature's lazily loaded pages and modals (routes.tsx, OnDemandModals).
              group: ['@/features/*/**', '!@/features/*/index.ts', '!@/features/*/on-demand.ts'],
              message: 'Import another feature through its index.ts (or on-demand.ts) only.',
            },
            {
              regex: '^\\.\\./\\.\\./',
              message: 'Use the @/ alias for imports outside this feature folder.',
            },
          ],
        },
      ],
    },
  },
)
