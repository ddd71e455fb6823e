import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync } from 'node:fs';

/**
 * Every permission name of packages/shared/src/permissions.ts, read from its source (eslint loads
 * no TypeScript): code names a permission through `PERMISSIONS.*` or an operation's `permission`,
 * never as a string (issue 16). The menu catalogue (`menus.ts`) is the one place that grants them by
 * name; operations.int.test.ts checks it against the shared list.
 */
const PERMISSION_LITERAL = (() => {
  const source = readFileSync(new URL('./packages/shared/src/permissions.ts', import.meta.url), 'utf8');
  const names = [...source.matchAll(/^\s+(\w+): \[([^\]]*)\]/gm)].flatMap(([, resource, actions]) =>
    [...actions.matchAll(/'(\w+)'/g)].map(([, action]) => `${resource}:${action}`),
  );
  return {
    selector: `Literal[value=/^(${names.join('|')})$/], TemplateElement[value.raw=/^(${names.join('|')})$/]`,
    message: 'Name a permission through PERMISSIONS.<resource>.<action> from @pod/shared, not as a string.',
  };
})();

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'apps/server/src/db/migrations/**',
      // Served as they are, before the app's modules (csp-setup.js).
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.mjs', 'vitest.config.ts', 'scripts/*.mjs', 'scripts/*.d.mts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
    },
  },
  {
    // A module talks to another only through its index.ts (ARCHITECTURE "Layout").
    files: ['apps/server/src/modules/*/**/*.ts'],
    ignores: ['apps/server/src/modules/*/schema.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$).+',
              message: 'Import another module only through its index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's tables may reference another module's tables (foreign keys), through that
    // module's schema.ts: its index.ts would close an import cycle (.dependency-cruiser.cjs).
    files: ['apps/server/src/modules/*/schema.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!schema\\.ts$).+',
              message: "A schema.ts imports only another module's schema.ts, for foreign keys.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/menus.ts', 'packages/shared/src/permissions.ts'],
    rules: { 'no-restricted-syntax': ['error', PERMISSION_LITERAL] },
  },
  {
    // Anything unguessable (tokens, codes, IVs, numbers) comes from node:crypto (ASVS 11.5.1,
    // docs/security.md); the marketplace client's retry jitter guards nothing.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/integrations/marketplace/http.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Use node:crypto (randomInt, randomBytes, randomUUID).',
        },
      ],
    },
  },
  {
    // Input limits come from the shared schemas (`maxLengthOf(schema.shape.x)`) or `LIMITS`, so a
    // form never allows more or less than the server checks (issue 16).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        PERMISSION_LITERAL,
        {
          selector: 'JSXAttribute[name.name=/^(maxLength|minLength)$/] > JSXExpressionContainer > Literal',
          message: 'Take the length from the shared schema (maxLengthOf(schema.shape.field)) or LIMITS.',
        },
        {
          selector:
            "JSXAttribute[name.name='rules'] Property[key.name=/^(max|len)$/][value.type='Literal'], JSXAttribute[name.name='rules'] Property[key.name='min'][value.value>1]",
          message: "Take a form rule's length from LIMITS or the shared schema, not a number.",
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests read untyped JSON replies (`res.json()`); asserting on them is the point.
    files: ['**/*.test.ts', '**/*.spec.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
