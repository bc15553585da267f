import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './config/eslint/feature-boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.tmp/**',
      '**/.cache/**',
      '**/.strapi/**',
      'cms/types/generated/**',
      'tests/test-results/**',
      'tests/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'max-lines': ['warn', { max: 250, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, portal: boundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'portal/feature-boundaries': ['error', { srcDir: 'web/src' }],
      // '@/' is web/src (issue #23 item 7): a path that climbs three folders or more is written from the root.
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./){3,}', message: "Climbing three folders or more: import from '@/' (web/src) instead." }] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'User text must render inert: no dangerouslySetInnerHTML.' },
        {
          selector: 'ImportExpression > Literal[value=/^(\\.\\.\\u002F){3,}/]',
          message: "Climbing three folders or more: import from '@/' (web/src) instead.",
        },
      ],
    },
  },
  {
    // The data layer (ARCHITECTURE principle 3): only cms/src/db touches knex, the drivers and SQL
    // text; everything else goes through its index or through Strapi's query engine and Document Service.
    files: ['cms/src/**/*.ts'],
    ignores: ['cms/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['knex', 'pg', 'better-sqlite3'].map((name) => ({ name, message: 'Database access goes through cms/src/db (its index.ts).' })),
          patterns: [{ group: ['**/db/*'], message: 'Import the data layer from its index (cms/src/db), not its files.' }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='connection'][object.property.name='db']",
          message: "strapi.db.connection is the data layer's: use cms/src/db.",
        },
        { selector: "CallExpression[callee.property.name='raw']", message: 'Raw SQL lives in cms/src/db.' },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/tests/**/*.ts', 'tests/**/*.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
