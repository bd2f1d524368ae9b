// ESLint for the whole tree, run by `npm test` with --max-warnings 0: TypeScript, React hooks, accessibility
// of JSX, and Next.js's own rules (Core Web Vitals set).
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'drizzle/**', 'public/**', 'next-env.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a value left out on purpose (a rest sibling, a callback's unused argument).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The two classic rules. The React Compiler's rules (purity, refs, set-state-in-effect) are for code the compiler
    // builds, which ours is not. Not tests/e2e: Playwright's fixtures are not React hooks, whatever their names.
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'stores/**/*.ts', 'lib/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Live streams and their recordings carry no caption track to offer; an empty <track> would only silence this.
      'jsx-a11y/media-has-caption': 'off',
      // A scrollable region (a wide table, the bracket) must take focus to scroll by keyboard (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // Dialogs: focus goes to the first field of a dialog the user just opened (the WAI-ARIA dialog pattern).
    files: ['components/auth/**', 'components/maintenance/maintenance-dialog.tsx', 'components/user/logout-live-confirm.tsx', 'components/ui/dialog-frame.test.tsx'],
    rules: { 'jsx-a11y/no-autofocus': 'off' },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    plugins: { '@next/next': nextPlugin },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      // Pictures are sized when uploaded (sharp) and served with width and height from our routes or the brand's object
      // storage; Next's optimizer would encode each again per request on a self-hosted server.
      '@next/next/no-img-element': 'off',
    },
    settings: { next: { rootDir: '.' } },
  },
  {
    // Command-line programs and benchmarks talk on the console.
    files: ['scripts/**', 'bench/**', 'server.ts', 'tests/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
