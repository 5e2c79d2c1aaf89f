/**
 * A content page: a chronique's info header first, then the components in `@nodes` order.
 * A page that does not open with its own header still gets a (visually hidden) h1.
 * The chronique header and the lot modal are other features: the app hands them in (`header`,
 * `modal`), as features do not import each other (docs/architecture.md).
 */
import { use, type ReactNode } from 'react';
import {
  BlockDataContext,
  LoadChroniclesContext,
  LoadLotsContext,
  type LoadChronicles,
  type LoadLots,
} from '../../ui/block-data';
import { EditContext } from '../../ui/edit-context';
import { FirstScreenContext } from '../../ui/first-screen';
import { Components } from '../../blocks/Components';
import { shownKind } from '../../blocks/static-blocks';
import type { BlockData, Page } from '../../content/models';

export function ContentPage({
  page,
  data,
  header,
  modal,
  loadLots,
  loadChronicles: loadChroniques,
}: {
  page: Page;
  data: BlockData;
  /**
   * How the lists and the modal get the lots after each list's first block (the app's fetch;
   * docs/decisions/0041-lots-after-the-first-screen.md).
   */
  loadLots?: LoadLots | undefined;
  /** How a chroniques list gets its cards past the first block (the app's fetch). */
  loadChronicles?: LoadChronicles | undefined;
  /** A chronique's info header, shown first. */
  header?: ReactNode;
  /** What may open over the page and reads the page's block data (the lot modal). */
  modal?: ReactNode;
}) {
  const chronicle = page.type === 'chronique' ? page.chronicle : undefined;
  // In the browser the header band may be a static tree's stub: its kind says what it stands for.
  const opensWithHeader = shownKind(page.components[0]) === 'entete';
  const edit = use(EditContext);
  const article = (
    <article className="content-page" data-page-type={page.type}>
      {header}
      {!chronicle && !opensWithHeader ? (
        <h1 className="visually-hidden">{page.meta.title}</h1>
      ) : null}
      <div className="page-body">
        <BlockDataContext.Provider value={data}>
          <LoadLotsContext.Provider value={loadLots}>
            <LoadChroniclesContext.Provider value={loadChroniques}>
              {/* A chronique's header image opens the page; otherwise its first component does. */}
              <FirstScreenContext.Provider value={!chronicle?.imagePrincipale}>
                <Components list={page.components} area="main" />
              </FirstScreenContext.Provider>
              {/* The winners / tickets modal: opened by the lists' event or a `?lot=` link. */}
              {modal}
            </LoadChroniclesContext.Provider>
          </LoadLotsContext.Provider>
        </BlockDataContext.Provider>
      </div>
    </article>
  );
  // In edit mode, the page between its annotations (docs/editing.md).
  return edit ? (
    <edit.Node path={edit.plan.page} page inPlace={['main']}>
      {article}
    </edit.Node>
  ) : (
    article
  );
}
