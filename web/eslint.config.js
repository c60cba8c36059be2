import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// What users write is shown as text, never parsed as HTML (docs/security.md, "Stored XSS"); every block that
// sets no-restricted-syntax includes these.
const TEXT_NOT_HTML = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Show user text as text.' },
  {
    selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]',
    message: 'Show user text as text (textContent).',
  },
  {
    selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment)$/]',
    message: 'Show user text as text.',
  },
  { selector: "CallExpression[callee.object.name='document'][callee.property.name=/^write(ln)?$/]", message: 'No document.write.' },
];

export default defineConfig([
  globalIgnores(['dist', 'node_modules']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked, reactHooks.configs.flat.recommended],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ...TEXT_NOT_HTML],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Loaders throw react-router's data()/redirect() results on purpose.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
    },
  },
  {
    // The web app's layers (docs/architecture.md, "The web app"): a feature imports no other feature,
    // `components` import no feature, `lib` imports neither; only the app shell (routes, providers) and
    // tests reach across. Imports inside one feature, or inside lib, are that element's own business.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs'] } },
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'feature', pattern: 'src/features/*' },
        { type: 'components', pattern: 'src/components' },
        { type: 'lib', pattern: 'src/lib' },
        { type: 'testing', pattern: 'src/testing' },
      ],
      'boundaries/files': [{ category: 'test', pattern: ['**/*.test.{ts,tsx}', 'src/features/*/testing/**'] }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'app' } }, allow: { to: { element: { types: { anyOf: ['app', 'feature', 'components', 'lib'] } } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { types: { anyOf: ['components', 'lib'] } } } } },
            { from: { element: { type: 'components' } }, allow: { to: { element: { type: 'lib' } } } },
            // The shared test helpers render the whole app, so they may reach every layer.
            { from: { element: { type: 'testing' } }, allow: { to: { element: { types: { anyOf: ['app', 'components', 'lib'] } } } } },
            // Tests may use the shared test helpers (MSW handlers, render with providers), and a test may
            // mount another feature's real component to see a change reach it (tests cross, code does not).
            { from: { file: { categories: 'test' } }, allow: { to: { element: { types: { anyOf: ['testing', 'feature'] } } } } },
          ],
        },
      ],
    },
  },
  {
    // User-facing text goes through i18next keys (docs/architecture.md, "The web app").
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx', 'src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXText[value=/\\S/]',
          message: 'Visible text must come from an i18next key (t(...)).',
        },
        ...TEXT_NOT_HTML,
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
]);
