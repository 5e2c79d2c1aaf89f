/**
 * A content page: a chronique's info header first, then the components in `@nodes` order.
 * A page that does not open with its own header still gets a (visually hidden) h1.
 */
import { BlockDataContext } from '../../ui/block-data';
import { FirstScreenContext } from '../../ui/first-screen';
import { Components } from '../../blocks/Components';
import type { BlockData, Page } from '../../content/models';
import { ChroniqueHeaderOnDemand } from '../chronique-header/ChroniqueHeaderOnDemand';
import { LotModalOnDemand } from '../lot-modal/LotModalOnDemand';

export function ContentPage({
  page,
  data,
  timeZone,
}: {
  page: Page;
  data: BlockData;
  timeZone: string;
}) {
  const chronique = page.type === 'chronique' ? page.chronique : undefined;
  const opensWithHeader = page.components[0]?.kind === 'entete';
  return (
    <article className="content-page" data-page-type={page.type}>
      {chronique ? <ChroniqueHeaderOnDemand info={chronique} timeZone={timeZone} /> : null}
      {!chronique && !opensWithHeader ? (
        <h1 className="visually-hidden">{page.meta.title}</h1>
      ) : null}
      <div className="page-body">
        <BlockDataContext.Provider value={data}>
          {/* A chronique's header image opens the page; otherwise its first component does. */}
          <FirstScreenContext.Provider value={!chronique?.imagePrincipale}>
            <Components list={page.components} />
          </FirstScreenContext.Provider>
          {/* The winners / tickets modal: opened by the lists' event or a `?lot=` link. */}
          <LotModalOnDemand components={page.components} />
        </BlockDataContext.Provider>
      </div>
    </article>
  );
}
