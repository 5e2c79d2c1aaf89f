/** Lots with their ticket and winner, and the ticket list's decorative tiles (docs/content-contract.md "Lots"). */
import { isVideoId } from '../../domain/embeds';
import type { DecorTile, Lot, Sport, Ticket, Winner } from '../models';
import { excerpt } from './diagnostics';
import {
  amount,
  area,
  asset,
  child,
  fields,
  idOf,
  imageOf,
  readNode,
  refuse,
  richText,
  RAW,
  text,
  whereIs,
} from './magnolia';
import { report } from './session';

const product = fields({ name: text, imageId: text, image: asset, alternateText: text }).transform(
  (f) => {
    return { name: f.name, image: imageOf(f.imageId, f.image, f.alternateText) };
  },
);

const sport = fields({
  name: text,
  nomSport: text,
  imageId: text,
  image: asset,
  alternateText: text,
}).transform((f): Sport => {
  return {
    name: f.name ?? f['@name'] ?? '',
    nomSport: f.nomSport,
    image: imageOf(f.imageId, f.image, f.alternateText),
  };
});

const ticket = fields({
  ville: text,
  villeEn: text,
  imageBilletId: text,
  imageBillet: asset,
  alternateText: text,
  descriptif: richText,
  dateDebutAffichage: text,
  dateFinAffichage: text,
}).transform((f): Ticket => {
  return {
    ville: f.ville,
    villeEn: f.villeEn,
    image: imageOf(f.imageBilletId, f.imageBillet, f.alternateText),
    descriptif: f.descriptif,
    window: { start: f.dateDebutAffichage, end: f.dateFinAffichage },
  };
});

const winner = fields({
  noms: text,
  region: text,
  descriptif: richText,
  imagePhotoId: text,
  imagePhoto: asset,
  alternateText: text,
  video: text,
  noteVideo: text,
  dateDebutAffichage: text,
  dateFinAffichage: text,
}).transform((f): Winner => {
  return {
    noms: f.noms,
    region: f.region,
    descriptif: f.descriptif,
    photo: imageOf(f.imagePhotoId, f.imagePhoto, f.alternateText),
    video: winnerVideo(f.video, whereIs(f)),
    noteVideo: f.noteVideo,
    window: { start: f.dateDebutAffichage, end: f.dateFinAffichage },
  };
});

/** The winner's video id, ignored when it is not one (docs/requirements.md §5: no video). */
function winnerVideo(value: string | undefined, where: string): string | undefined {
  if (value === undefined) return undefined;
  if (isVideoId(value.trim())) return value.trim();
  report({
    path: where,
    field: 'video',
    rule: 'format',
    effect: 'ignored',
    excerpt: excerpt(value),
    detail: 'not a valid video id',
  });
  return undefined;
}

/**
 * A lot: its ticket is the child `billet` as the lots app writes it, or `{name}-B` as the seed
 * did; its winner `gagnant` or `{name}-G`. When a lot has both, the `{name}-…` child wins
 * (docs/content-contract.md "Lots"). The node is read loose: those keys are known only from its
 * name.
 */
export const lotSchema = fields({
  name: text,
  dateGain: text,
  montantMise: amount,
  montantGain: amount,
  produit: child,
  sports: area,
}).transform((f, ctx): Lot => {
  const name = f.name ?? f['@name'];
  if (!name) return refuse(ctx, 'name', 'required');
  const sub = (key: string) => child(f[RAW][key]);
  const produit = f.produit && readNode(product, f.produit);
  const ticketNode = sub(`${name}-B`) ?? sub('billet');
  const winnerNode = sub(`${name}-G`) ?? sub('gagnant');
  return {
    name,
    dateGain: f.dateGain,
    montantMise: f.montantMise,
    montantGain: f.montantGain,
    produit: produit ?? undefined,
    sports: f.sports.flatMap(({ name: key, node }) => {
      const read = readNode(sport, node['@name'] === undefined ? { ...node, '@name': key } : node);
      return read ? [read] : [];
    }),
    billet: (ticketNode && readNode(ticket, ticketNode)) ?? undefined,
    gagnant: (winnerNode && readNode(winner, winnerNode)) ?? undefined,
  };
});

/**
 * A decorative tile of the ticket list: only entries whose path contains "decoration" are
 * tiles (docs/requirements.md §5), the others are not meant for it and are left out silently.
 */
export const decorTileSchema = fields({
  imageId: text,
  image: asset,
  alternateText: text,
}).transform((f, ctx): DecorTile | null => {
  const path = f['@path'] ?? '';
  if (!path.includes('decoration')) return null;
  const image = imageOf(f.imageId, f.image, f.alternateText);
  if (!image) return refuse(ctx, 'image', 'required');
  return { id: idOf(f, path), image };
});
