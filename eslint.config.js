import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// bulletproof-react layering (STYLE.md): features never import each other or the app layer;
// components/ and lib/ import no feature; only app/ composes them. One block per feature
// folder, read from disk so a new feature is covered the day it is created.
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const APP_LAYER = { group: ['@web/app', '@web/app/**'], message: 'Only app/ composes pages; import nothing from it.' };
const layering = [
  ...FEATURES.map((feature) => {
    const others = FEATURES.filter((name) => name !== feature);
    return {
      files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: ['@web/features/*', `!@web/features/${feature}`], message: 'Features never import each other: compose them in app/, or move the shared part to components/, lib/ or shared/.' },
              { regex: `^(\\.\\./)+(${others.join('|')}|features)(/|$)`, message: 'Features never import each other, relative paths included.' },
              APP_LAYER,
            ],
          },
        ],
      },
    };
  }),
  {
    files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@web/features', '@web/features/**'], message: 'components/ and lib/ import no feature: let app/ pass the feature in (see the AppShell bell).' },
            { regex: '^(\\.\\./)+(features|app)(/|$)', message: 'components/ and lib/ import no feature or app code.' },
            APP_LAYER,
          ],
        },
      ],
    },
  },
];

// The database seam (decision 014): only server/src/db/ talks to a driver; features call the
// dialect object and never open better-sqlite3 or pg themselves.
const databaseSeam = {
  files: ['server/src/**/*.ts'],
  ignores: ['server/src/db/**'],
  rules: {
    'no-restricted-imports': ['error', { paths: ['better-sqlite3', 'pg'].map((name) => ({ name, message: 'Only server/src/db/ uses a database driver: call ctx.dialect (server/src/db/dialects/).' })) }],
  },
};

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'data', 'test-results', 'playwright-report', 'bench/.data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // Migrations are frozen in time and take Kysely<any> by design (Kysely's guidance).
    files: ['server/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...layering,
  databaseSeam,
);
