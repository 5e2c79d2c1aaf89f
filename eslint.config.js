import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const layers = ['domain', 'i18n', 'content', 'ui', 'blocks', 'features', 'app', 'server'];

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'test-results', 'playwright-report', 'screenshots'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
    },
  },
  {
    // Playwright fixtures take a `use` callback that is not a React hook.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Layering: imports point one way, down the list domain → i18n → content → ui → blocks →
  // features → app → server. Each layer is barred from the ones above it.
  ...layers.map((layer, index) => ({
    files: [`src/${layer}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...layers.slice(index + 1).map((above) => ({
              group: [`**/${above}/*`, `../${above}`, `../../${above}`],
              message: `${layer}/ must not import from ${above}/ (layers point down).`,
            })),
            ...(layer === 'domain' || layer === 'i18n' || layer === 'content'
              ? [
                  {
                    group: ['react', 'react-dom', 'react-dom/*'],
                    message: `${layer}/ is free of React.`,
                  },
                ]
              : []),
          ],
        },
      ],
    },
  })),
);
