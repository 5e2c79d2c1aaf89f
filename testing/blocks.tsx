/** Shared test fixtures of the blocks: fields, components and the providers blocks read. */
import type { ReactNode } from 'react';
import type { BlockFields, Component } from '../src/content/models';
import type { Locale } from '../src/domain/locale';
import { LocaleContext } from '../src/ui/i18n';
import { NowContext } from '../src/ui/now';
import { ListRendererContext } from '../src/blocks/children';
import { renderList } from '../src/blocks/Components';
import { fields } from './fields';
import { TEST_NOW } from './today';

export const NOW = TEST_NOW;
export const PAST = '2026-01-01T00:00:00-05:00';
export const FUTURE = '2027-06-01T00:00:00-04:00';

/** The fields every block has (./fields.ts), for the tests that import the providers too. */
export { fields };

export const texte = (id: string, html: string, over: Partial<BlockFields> = {}): Component => ({
  kind: 'texte',
  id,
  name: id,
  fields: fields({ texte: html, ...over }),
});

export function Providers({ children, locale = 'fr' }: { children: ReactNode; locale?: Locale }) {
  return (
    <LocaleContext.Provider value={locale}>
      <NowContext.Provider value={NOW}>
        {/* Containers render their children as in the site (children.tsx). */}
        <ListRendererContext.Provider value={renderList}>{children}</ListRendererContext.Provider>
      </NowContext.Provider>
    </LocaleContext.Provider>
  );
}
