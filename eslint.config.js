// ESLint for the whole tree, configured once (decision 0090): the recommended sets of
// typescript-eslint (the syntactic one: the type-checked set would read every file through the type
// checker a second time, and `npm test` already type-checks), React's hooks and jsx-a11y.
// `npm run lint`; `npm test` runs it too. Every finding is an error: the check passes or it fails.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import globals from 'globals'

export default tseslint.config(
  // build output, installed packages, local data and patches to installed packages: not our code
  { ignores: ['build/', '**/node_modules/', '.data/', 'bench/bare-app/build/', 'public/build/', 'patches/', 'test-results/', 'scratch/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    // React lives in app/ only; elsewhere a `use…` name is a test fixture or a pool's callback, not a hook
    files: ['app/**/*.{ts,tsx}', 'bench/bare-app/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The plugin's recommended set is these two and the React Compiler's rules (purity, refs, …): those
      // are off — the app does not use the compiler, and running it is two thirds of a cold lint (38 of 57 s)
      'react-hooks/rules-of-hooks': 'error',
      // a missing dependency is a stale value: an error like the rest; where "once" is meant, a disable says why
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // a name starting with _ is unused on purpose: a key left out of a rest copy, a callback's place-holder
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // input checks reject control characters on purpose (names, keys, search, CSV), with a regex naming them
      'no-control-regex': 'off',
    },
  },
  {
    // a migration is written against the schema of its day, not today's Database type (Kysely's own advice)
    files: ['db/migrations/**', 'db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // the service worker runs in its own global scope (self, clients, caches)
    files: ['public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
)
