/**
 * One schema per component kind: the service's raw node in, the typed model out
 * (docs/content-contract.md "Components"). A kind's required field missing or unusable skips
 * the component; a wrong optional field only drops that field; each says so in a diagnostic.
 */
import { z } from 'zod';
import { isPlaylistId, isPodcastId, isVideoId } from '../../domain/embeds';
import { checkContentId } from '../../domain/ids';
import { dispositionWidths } from '../../domain/layout';
import type { BlockFields, Component, ComponentOf, ContentKind, Tab } from '../models';
import { childNodes, componentKind, nodeName, nodePath, type RawNode } from '../nodes';
import { areasBeyond, rowLayout } from '../row-layout';
import { excerpt } from './diagnostics';
import {
  amount,
  area,
  asset,
  child,
  fields,
  flag,
  idOf,
  imageOf,
  link,
  listOf,
  RAW,
  readNode,
  refuse,
  richText,
  text,
  type NodeMeta,
  type Read,
  type Reader,
  type Schema,
  whereIs,
} from './magnolia';
import { inKind, report } from './session';

/** The generic fields of a block (docs/requirements.md §3), on every kind, slide and card. */
const BLOCK = {
  fluid: flag,
  fondCouleur: text,
  tbpadding: text,
  thpadding: text,
  displayCover: flag,
  position: text,
  title: text,
  overTitle: text,
  subTitle: text,
  texte: richText,
  lien: link,
  texteLien: text,
  nouvelleFenetre: flag,
  imageId: text,
  image: asset,
  imageMobileId: text,
  imageMobile: asset,
  alternateText: text,
  labelStatsGA: text,
  dateDebutAffichage: text,
  dateFinAffichage: text,
};

type BlockRead = Read<typeof BLOCK> & NodeMeta;

function blockFields(f: BlockRead): BlockFields {
  return {
    fluid: f.fluid ?? false,
    fondCouleur: f.fondCouleur,
    tbpadding: f.tbpadding,
    thpadding: f.thpadding,
    displayCover: f.displayCover ?? false,
    position: f.position,
    title: f.title,
    overTitle: f.overTitle,
    subTitle: f.subTitle,
    texte: f.texte,
    lien: f.lien,
    texteLien: f.texteLien,
    nouvelleFenetre: f.nouvelleFenetre ?? false,
    image: imageOf(f.imageId, f.image, f.alternateText),
    imageMobile: imageOf(f.imageMobileId, f.imageMobile, f.alternateText),
    labelStatsGA: f.labelStatsGA,
    window: { start: f.dateDebutAffichage, end: f.dateFinAffichage },
  };
}

interface ComponentBase {
  id: string;
  name: string;
  fields: BlockFields;
}

/**
 * A kind's schema: the block fields and its own, then `build` makes the model (or refuses the
 * node, through `ctx`).
 */
function kind<S extends Record<string, Reader<unknown>>, C extends Component>(
  readers: S,
  build: (f: BlockRead & Read<S>, base: ComponentBase, ctx: z.RefinementCtx) => C,
): Schema<C> {
  return fields(BLOCK, readers).transform((f, ctx) => {
    const base = { id: idOf(f, whereIs(f)), name: f['@name'] ?? '', fields: blockFields(f) };
    return build(f, base, ctx);
  });
}

/**
 * A content value that becomes an id or a fragment (domain/ids.ts): absent when absent, and
 * when invalid too, with a diagnostic (the field ignored).
 */
function contentId(value: string | undefined, field: string, where: string): string | undefined {
  if (value === undefined) return undefined;
  const check = checkContentId(value);
  if (check.ok) return check.id;
  report({
    path: where,
    field,
    rule: 'format',
    effect: 'ignored',
    excerpt: excerpt(value),
    detail: check.reason,
  });
  return undefined;
}

/** A player's id (video, playlist, podcast) in its documented form, or the component refused. */
function playerId(
  ctx: z.RefinementCtx,
  value: string | undefined,
  field: string,
  valid: (id: string) => boolean,
): string {
  if (value === undefined) return refuse(ctx, field, 'required');
  const id = value.trim();
  return valid(id) ? id : refuse(ctx, field, 'format', value, 'is not a valid id');
}

const slide = fields({ ...BLOCK, theme: text, imagePosition: text, imageLegende: text }).transform(
  (f) => {
    return {
      id: idOf(f, f['@name'] ?? ''),
      theme: f.theme,
      imagePosition: f.imagePosition,
      imageLegende: f.imageLegende,
      fields: blockFields(f),
    };
  },
);

const card = fields(BLOCK).transform((f) => {
  return { id: idOf(f, f['@name'] ?? ''), fields: blockFields(f) };
});

const promotion = fields({
  theme: text,
  position: text,
  surTitre: text,
  titre: text,
  information: richText,
  imageGaucheId: text,
  imageGauche: asset,
  imageDroiteId: text,
  imageDroite: asset,
  imageMobileId: text,
  imageMobile: asset,
  imageTermineeId: text,
  imageTerminee: asset,
  alternateText: text,
  dateDebutAffichage: text,
  dateFinAffichage: text,
}).transform((f) => {
  return {
    id: idOf(f, f['@name'] ?? ''),
    theme: f.theme,
    position: f.position === 'right' ? ('right' as const) : ('left' as const),
    surTitre: f.surTitre,
    titre: f.titre,
    information: f.information,
    imageGauche: imageOf(f.imageGaucheId, f.imageGauche, f.alternateText),
    imageDroite: imageOf(f.imageDroiteId, f.imageDroite, f.alternateText),
    imageMobile: imageOf(f.imageMobileId, f.imageMobile, f.alternateText),
    imageTerminee: imageOf(f.imageTermineeId, f.imageTerminee, f.alternateText),
    window: { start: f.dateDebutAffichage, end: f.dateFinAffichage },
  };
});

const galleryImage = fields({
  imageId: text,
  image: asset,
  alternateText: text,
  lien: link,
  nouvelleFenetre: flag,
}).transform((f, ctx) => {
  const image = imageOf(f.imageId, f.image, f.alternateText);
  if (!image) return refuse(ctx, 'image', 'required');
  return {
    id: idOf(f, f['@name'] ?? ''),
    image,
    lien: f.lien,
    nouvelleFenetre: f.nouvelleFenetre ?? false,
  };
});

/** A tab as its node says (also what the editors' module is checked against, magnolia/); its title and key default by its place (see contenant-onglets). */
export const tabSchema = fields({ titre: text, lienCle: text, composantes: child }).transform(
  (f) => {
    const where = whereIs(f);
    return {
      id: idOf(f, f['@name'] ?? ''),
      name: f['@name'] ?? '',
      titre: f.titre,
      lienCle: contentId(f.lienCle, 'lienCle', where),
      children: readArea(f.composantes),
    };
  },
);

/** Each kind's schema; also what the editors' module is checked against (magnolia/). */
export const COMPONENT_SCHEMAS: { readonly [K in ContentKind]: Schema<ComponentOf<K>> } = {
  entete: kind({ overlay: flag }, (f, base) => ({
    ...base,
    kind: 'entete',
    overlay: f.overlay ?? false,
  })),
  section: kind({ composantes: child }, (f, base) => ({
    ...base,
    kind: 'section',
    children: readArea(f.composantes),
  })),
  // Its columns come from its layout, column K being the area `colonneK` (content/row-layout.ts).
  rangee: kind({ disposition: text }, (f, base) => {
    const where = whereIs(f);
    const layout = rowLayout(f.disposition, f[RAW]);
    if (f.disposition !== undefined && !dispositionWidths(f.disposition).length) {
      report({
        path: where,
        field: 'disposition',
        rule: 'format',
        effect: 'ignored',
        excerpt: excerpt(f.disposition),
        detail: 'expected widths from 1 to 12, like "6 6"',
      });
    }
    for (const { name, node } of areasBeyond(layout, f[RAW])) {
      if (childNodes(node).length === 0) continue;
      report({
        path: nodePath(node) || `${where}/${name}`,
        field: 'disposition',
        rule: 'beyond-layout',
        effect: 'skipped',
        excerpt: excerpt(f.disposition ?? ''),
        detail: `column beyond the row's ${layout.columns.length} column(s)`,
      });
    }
    return {
      ...base,
      kind: 'rangee',
      widths: layout.widths,
      columns: layout.columns.map((name) => readArea(child(f[RAW][name]))),
    };
  }),
  'contenant-onglets': kind({ onglets: area }, (f, base) => ({
    ...base,
    kind: 'contenant-onglets',
    tabs: f.onglets.flatMap(({ name, node }, index): Tab[] => {
      const read = readNode(
        tabSchema,
        node['@name'] === undefined ? { ...node, '@name': name } : node,
      );
      if (!read) return [];
      return [
        {
          id: read.id,
          titre: read.titre ?? name,
          // The key goes into the URL fragment: a safe one, else the node's name, else its rank.
          lienCle: read.lienCle ?? (checkContentId(name).ok ? name : `onglet-${index + 1}`),
          children: read.children,
        },
      ];
    }),
  })),
  accordeon: kind({ titre: text, ancre: text, composantes: child }, (f, base, ctx) => {
    const titre = f.titre ?? f.title;
    if (titre === undefined) return refuse(ctx, 'titre', 'required');
    return {
      ...base,
      kind: 'accordeon',
      titre,
      // The anchor becomes the element's id: never one of the application's own.
      ancre: contentId(f.ancre, 'ancre', whereIs(f)),
      children: readArea(f.composantes),
    };
  }),
  texte: kind({}, (f, base, ctx) =>
    f.texte === undefined ? refuse(ctx, 'texte', 'required') : { ...base, kind: 'texte' },
  ),
  message: kind({}, (f, base, ctx) =>
    f.texte === undefined ? refuse(ctx, 'texte', 'required') : { ...base, kind: 'message' },
  ),
  // docs/requirements.md §5: an image with a missing source is skipped.
  image: kind({}, (_f, base, ctx) =>
    base.fields.image
      ? { ...base, kind: 'image', image: base.fields.image }
      : refuse(ctx, 'image', 'required', undefined, 'missing (neither imageId nor image)'),
  ),
  video: kind({ videoId: text }, (f, base, ctx) => ({
    ...base,
    kind: 'video',
    videoId: playerId(ctx, f.videoId, 'videoId', isVideoId),
  })),
  carte: kind({}, (_f, base) => ({ ...base, kind: 'carte' })),
  carrousel: kind(
    {
      autoplayTimeout: amount,
      arrows: flag,
      navTextPrev: text,
      navTextNext: text,
      diapositives: listOf(slide),
    },
    (f, base) => ({
      ...base,
      kind: 'carrousel',
      autoplayTimeout: f.autoplayTimeout,
      arrows: f.arrows ?? false,
      navTextPrev: f.navTextPrev,
      navTextNext: f.navTextNext,
      slides: f.diapositives,
    }),
  ),
  galerie: kind({ images: listOf(galleryImage) }, (f, base) => ({
    ...base,
    kind: 'galerie',
    images: f.images,
  })),
  offres: kind(
    {
      colonnesMobile: amount,
      colonnesTablette: amount,
      colonnesBureau: amount,
      offres: listOf(card),
    },
    (f, base) => ({
      ...base,
      kind: 'offres',
      colonnesMobile: f.colonnesMobile,
      colonnesTablette: f.colonnesTablette,
      colonnesBureau: f.colonnesBureau,
      offers: f.offres,
    }),
  ),
  promotions: kind({ typePromotions: text, items: listOf(promotion) }, (f, base, ctx) => {
    const type = f.typePromotions?.normalize('NFD').replace(/\p{M}/gu, '');
    if (type === undefined) return refuse(ctx, 'typePromotions', 'required');
    if (type !== 'enCours' && type !== 'terminee') {
      return refuse(
        ctx,
        'typePromotions',
        'format',
        f.typePromotions,
        'is not enCours or terminée',
      );
    }
    return { ...base, kind: 'promotions', typePromotions: type, items: f.items };
  }),
  'liste-billets': kind({ nbJoursNouveau: amount }, (f, base) => ({
    ...base,
    kind: 'liste-billets',
    nbJoursNouveau: f.nbJoursNouveau,
  })),
  'liste-gagnants': kind({ nbJoursNouveau: amount }, (f, base) => ({
    ...base,
    kind: 'liste-gagnants',
    nbJoursNouveau: f.nbJoursNouveau,
  })),
  'liste-chroniques': kind({}, (_f, base) => ({ ...base, kind: 'liste-chroniques' })),
  'liste-videos': kind({ playlistId: text, apikey: text }, (f, base, ctx) => ({
    ...base,
    kind: 'liste-videos',
    playlistId: playerId(ctx, f.playlistId, 'playlistId', isPlaylistId),
    apikey: f.apikey,
  })),
  balado: kind({ podcastId: text }, (f, base, ctx) => ({
    ...base,
    kind: 'balado',
    podcastId: playerId(ctx, f.podcastId, 'podcastId', isPodcastId),
  })),
};

/** Is this a component kind the site knows (one of the schemas)? */
export function isKnownKind(kind: string): kind is ContentKind {
  return Object.hasOwn(COMPONENT_SCHEMAS, kind);
}

/** A component node to its model, or null with a diagnostic saying why it is skipped. */
export function readComponent(node: RawNode): Component | null {
  const kindName = componentKind(node);
  const path = nodePath(node) || nodeName(node);
  if (kindName === undefined) {
    report({ path, rule: 'no-kind', effect: 'skipped' });
    return null;
  }
  if (!isKnownKind(kindName)) {
    report({ path, kind: kindName, rule: 'unknown-kind', effect: 'skipped' });
    return null;
  }
  const schema: Schema<Component> = COMPONENT_SCHEMAS[kindName];
  return inKind(kindName, () => readNode(schema, node));
}

/**
 * Areas nested deeper than this are cut (no real page comes near it: a section in a row in a tab
 * in an accordion is four). It bounds the work, the stack and the rendered tree whatever the
 * answer holds; an object met again inside itself (not possible from JSON, possible from code) is
 * cut the same way.
 */
export const MAX_AREA_DEPTH = 16;

// Parsing is synchronous from top to bottom: one path of open areas at a time, shared safely.
const openAreas = new Set<RawNode>();

/** The components of an area, in `@nodes` order, skipping what cannot be rendered. */
export function readArea(area: RawNode | undefined): Component[] {
  if (!area) return [];
  if (openAreas.size >= MAX_AREA_DEPTH || openAreas.has(area)) {
    report({
      path: nodePath(area) || nodeName(area),
      rule: 'too-deep',
      effect: 'skipped',
      detail: `components nested deeper than ${MAX_AREA_DEPTH} areas (or inside themselves)`,
    });
    return [];
  }
  openAreas.add(area);
  try {
    return childNodes(area).flatMap(({ node }) => readComponent(node) ?? []);
  } finally {
    openAreas.delete(area);
  }
}
