import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'

// The import boundaries of DESIGN.md, enforced here rather than in review.
const serverImportsForbidden = {
  patterns: [
    {
      group: ['**/apps/web/**', '@shelfcast/web', '@shelfcast/web/*'],
      message: 'The server never imports client code.',
    },
    {
      group: ['https', 'node:https', 'undici'],
      message: 'Outbound requests go through net/ (the guarded fetcher).',
    },
  ],
}
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
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', serverImportsForbidden] },
  },
  {
    // Repositories hold SQL only: they never reach for HTTP or realtime.
    files: ['apps/server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverImportsForbidden.patterns,
            {
              group: ['**/realtime/**', 'fastify', '**/http/**'],
              message: 'Repositories hold SQL only: no HTTP, no events.',
            },
          ],
        },
      ],
    },
  },
  {
    // Services hold the rules: no HTTP framework, events only through realtime.
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverImportsForbidden.patterns,
            { group: ['fastify'], message: 'Services hold the rules: no HTTP.' },
          ],
        },
      ],
    },
  },
  {
    // net/ is the guarded fetcher: the one place that may open outbound connections (SECURITY rule 3).
    files: ['apps/server/src/net/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: serverImportsForbidden.patterns.filter((p) => !p.message.startsWith('Outbound')) },
      ],
    },
  },
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
    // UI widgets know nothing of the domain.
    files: ['apps/web/src/components/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webImportsForbidden.patterns,
            {
              group: ['**/features/**', '@shelfcast/contracts'],
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
              group: ['@/features/*/**', '!@/features/*/index.ts'],
              message: 'Import another feature through its index.ts only.',
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
