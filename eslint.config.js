import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';

const layers = ['domain', 'i18n', 'content', 'ui', 'blocks', 'features', 'app', 'server'];
/** The only file of src/ that ships and imports embedded/ (it starts the stand-ins on request). */
const EMBEDDED_ENTRY = 'src/server/main.ts';
/** Unit tests, which may start the stand-ins of embedded/ and use the helpers of testing/. */
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const EMBEDDED_PATTERN = {
  regex: '(^|/)embedded(/|$)',
  message: 'Only src/server/main.ts starts the stand-ins in embedded/ (docs/architecture.md).',
};
const TESTING_PATTERN = {
  regex: '(^|/)testing(/|$)',
  message: 'Shipped code does not import the test helpers of testing/ (docs/architecture.md).',
};
/** A file in one block's folder does not reach into another block's folder, shared/ aside. */
const OTHER_BLOCK_PATTERN = {
  regex: '^\\.\\./(?!shared/)[^./][^/]*/',
  message:
    "A block does not import another block's folder: what two blocks share lives in src/blocks/shared/ (docs/architecture.md).",
};
const BLOCK_FOLDERS = 'src/blocks/*/**/*.{ts,tsx}';
/**
 * The imports a file of `layer` (at `index` in `layers`) may not make: a shipped file is barred
 * from embedded/ (unless it starts the stand-ins) and from testing/, a test from neither.
 */
function layerPatterns(layer, index, { test = false, startsStandIns = false } = {}) {
  return [
    ...layers.slice(index + 1).map((above) => ({
      group: [`**/${above}/*`, `../${above}`, `../../${above}`],
      message: `${layer}/ must not import from ${above}/ (layers point down).`,
    })),
    ...(layer === 'domain' || layer === 'i18n' || layer === 'content'
      ? [{ group: ['react', 'react-dom', 'react-dom/*'], message: `${layer}/ is free of React.` }]
      : []),
    ...(layer === 'features'
      ? [
          {
            // `../other-feature/…` from a feature's folder, or a path through features/.
            regex: '^\\.\\./(?!\\.\\./)[^/]+/|(^|/)features/',
            message:
              'A feature does not import another feature: share through ui/ or blocks/, or let app/ compose them.',
          },
        ]
      : []),
    ...(test || startsStandIns ? [] : [EMBEDDED_PATTERN]),
    ...(test ? [] : [TESTING_PATTERN]),
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'test-results',
      'playwright-report',
      'screenshots',
      '.tools',
      'bench/.work',
    ],
  },
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
  // No import cycles, dynamic import() included (a cycle through a lazily loaded block is still
  // one piece of code that needs the other to make sense). Type-only imports do not count.
  {
    files: [
      'src/**/*.{ts,tsx}',
      'embedded/**/*.ts',
      'testing/**/*.{ts,tsx}',
      'build/**/*.ts',
      'bench/**/*.ts',
    ],
    plugins: { 'import-x': importX },
    // The plugin's TypeScript settings (parser, extensions, the TypeScript resolver): without
    // them it reads no .ts file and finds no cycle (build/lint-guards.test.ts shows it does).
    settings: importX.flatConfigs.typescript.settings,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Layering: imports point one way, down the list domain → i18n → content → ui → blocks →
  // features → app → server. Each layer is barred from the ones above it; features do not import
  // one another (what two features share goes down to ui/ or blocks/, and the app composes
  // them); nothing in src/ imports the stand-ins in embedded/ but the server's start-up, and no
  // shipped file of src/ or embedded/ imports the test helpers of testing/.
  // docs/architecture.md, "Layers".
  ...layers.flatMap((layer, index) => [
    {
      files: [`src/${layer}/**`],
      ignores: [...TESTS, EMBEDDED_ENTRY],
      rules: { 'no-restricted-imports': ['error', { patterns: layerPatterns(layer, index) }] },
    },
    {
      // Tests run against the stand-ins, with the helpers of testing/.
      files: TESTS.map((glob) => `src/${layer}/${glob}`),
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: layerPatterns(layer, index, { test: true }) },
        ],
      },
    },
  ]),
  // A block's folder holds that block alone (docs/architecture.md, "Names"). The layer's
  // patterns are repeated: a rule's options in a later entry replace those of an earlier one.
  {
    files: [BLOCK_FOLDERS],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...layerPatterns('blocks', layers.indexOf('blocks')), OTHER_BLOCK_PATTERN] },
      ],
    },
  },
  {
    files: TESTS.map((glob) => `src/blocks/*/**/${glob.replace('**/', '')}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...layerPatterns('blocks', layers.indexOf('blocks'), { test: true }),
            OTHER_BLOCK_PATTERN,
          ],
        },
      ],
    },
  },
  {
    // The start-up starts the stand-ins on request.
    files: [EMBEDDED_ENTRY],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: layerPatterns('server', layers.indexOf('server'), { startsStandIns: true }) },
      ],
    },
  },
  {
    // The stand-ins ship too (the start-up runs them): their tests alone use testing/.
    files: ['embedded/**'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [TESTING_PATTERN] }] },
  },
);
