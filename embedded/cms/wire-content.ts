/** Wire shapes of each content file: pages, the site node, lots and decorative tiles. */
import type { JsonObject, LotsFile, PageFile, SiteFile, TilesFile } from './content-schema';
import { buildNode, type WireContext } from './wire';

/** The parsed files hold only JSON (zod adds nothing), so they can be walked as JSON. */
function asJson(value: object): JsonObject {
  return value as JsonObject;
}

/** Top-level nodes of `main` carry typeComposante; tabs containers do not (contract). */
function withTypeComposante(component: JsonObject): JsonObject {
  if (component.typeComposante !== undefined || component.kind === 'contenant-onglets') {
    return component;
  }
  const kind = component.kind;
  const typeComposante = kind === 'entete' || kind === 'rangee' ? kind : 'section';
  return { ...component, typeComposante };
}

export function pageNode(page: PageFile, ctx: WireContext): JsonObject {
  const source = asJson({ ...page, main: page.main.map(withTypeComposante) });
  const name = page.URLfr.split('/').at(-1) ?? page.URLfr;
  return buildNode(
    {
      name,
      path: `/${ctx.app}/${page.URLfr}`,
      nodeType: 'mgnl:page',
      template: `${ctx.app}:pages/${page.type}`,
    },
    source,
    ctx,
  );
}

export function siteNode(site: SiteFile, ctx: WireContext): JsonObject {
  return buildNode(
    {
      name: ctx.app,
      path: `/${ctx.app}`,
      nodeType: 'mgnl:page',
      template: `${ctx.app}:pages/site`,
    },
    asJson(site),
    ctx,
  );
}

type Lot = LotsFile['lots'][number];

/** Ticket and winner become the `{name}-B` / `{name}-G` child nodes. */
export function lotNode(lot: Lot, ctx: WireContext): JsonObject {
  const { billet, gagnant, ...rest } = lot;
  const source: JsonObject = asJson(rest);
  if (billet !== undefined) source[`${lot.name}-B`] = asJson(billet);
  if (gagnant !== undefined) source[`${lot.name}-G`] = asJson(gagnant);
  return buildNode(
    { name: lot.name, path: `/lots/${lot.name}`, nodeType: 'mgnl:content' },
    source,
    ctx,
  );
}

type Tile = TilesFile['vignettes'][number];

export function tileNode(tile: Tile, ctx: WireContext): JsonObject {
  const { dossier, ...rest } = tile;
  return buildNode(
    { name: tile.name, path: `/vignettes/${dossier}/${tile.name}`, nodeType: 'mgnl:content' },
    asJson(rest),
    ctx,
  );
}
