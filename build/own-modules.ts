/**
 * Unit test files that replace, reset or stub modules or globals (`vi.mock`, `vi.doMock`,
 * `vi.resetModules`, `vi.stubGlobal`). The other files share their worker's modules
 * (docs/decisions/0079-unit-tests-share-modules.md); these run each in a module graph of its own,
 * since a module that another file imported first would not see the replacement.
 * build/own-modules.test.ts keeps the list whole.
 */
export const OWN_MODULES = [
  'build/class-names.test.ts',
  'magnolia/module.test.ts',
  'src/app/after-interaction.test.ts',
  'src/app/block-errors.test.tsx',
  'src/app/client-navigation.test.ts',
  'src/blocks/LazyBlock.test.tsx',
  'src/blocks/carrousel/Carousel.test.tsx',
  'src/blocks/galerie/Gallery.test.tsx',
  'src/blocks/lazy-blocks.test.ts',
  'src/features/lot-modal/LotModal.quick-close.test.tsx',
  'src/i18n/catalogue-loading.test.ts',
  'src/server/plugins/preview.test.ts',
  'src/server/tracing.test.ts',
];

/** What makes a test file need a module graph of its own. */
export const REPLACES_MODULES = /\bvi\.(?:mock|doMock|resetModules|stubGlobal)\(/;
