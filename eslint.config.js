// ESLint for the whole tree (`npm run lint`, with prettier --check). Formatting is Prettier's:
// no rule here is about layout. Rules that need type information stay off: tsc checks types
// (`npm run typecheck`), and a typed lint of the tree is too slow for two cores.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['dist/', 'data/', 'bench/results/', 'test-results/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_exhaustive: never` checks and callbacks that must take a parameter they do not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Node's globals for everything that runs in Node: server, workers, migrations, scripts, benches, tests, configs.
    files: ['src/server/**', 'workers/**', 'migrations/**', 'scripts/**', 'bench/**', 'tests/**', '*.js', '*.ts', '*.cjs', '*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/web/**'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // The design system's Button and TextField take autoFocus on purpose (a dialog's safe choice, a
      // sign-in screen's first field; React Aria moves focus accessibly); a raw element's autofocus is still refused.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
]);
