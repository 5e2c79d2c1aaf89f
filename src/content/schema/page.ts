/** The page node, and a chronique's own fields (docs/content-contract.md "Pages"). */
import { imageUrl, OPENGRAPH_FILE_NAME } from '../../domain/images';
import type { ChronicleInfo, Page } from '../models';
import { readArea } from './components';
import {
  asset,
  child,
  fields,
  flag,
  idOf,
  imageOf,
  link,
  readNode,
  text,
  whereIs,
} from './magnolia';
import { session } from './session';

const columnist = fields({
  nomChroniqueur: text,
  profilChroniqueur: text,
  imageId: text,
  image: asset,
  alternateText: text,
}).transform((f) => {
  return {
    nomChroniqueur: f.nomChroniqueur,
    profilChroniqueur: f.profilChroniqueur,
    image: imageOf(f.imageId, f.image, f.alternateText),
  };
});

export const pageSchema = fields({
  type: text,
  'mgnl:template': text,
  imageId: text,
  title: text,
  titreChronique: text,
  URLfr: text,
  URLen: text,
  description: text,
  keywords: text,
  titleOG: text,
  descriptionOG: text,
  // `urlOG` is not read: og:url is the page's own URL on the site's origin (app/head.ts).
  dateDebutAffichage: text,
  dateFinAffichage: text,
  nePasAfficherZonePub: flag,
  main: child,
  // A chronique's own fields.
  dateChronique: text,
  chroniqueur: child,
  imageIdPrincipale: text,
  imagePrincipale: asset,
  alternateText: text,
  lien: link,
  nouvelleFenetre: flag,
}).transform((f): Page => {
  const path = f['@path'] ?? '';
  const isChronicle = f.type === 'chronique' || (f['mgnl:template'] ?? '').endsWith('/chronique');
  const chronicle = (): ChronicleInfo => ({
    titreChronique: f.titreChronique ?? f.title ?? '',
    dateChronique: f.dateChronique,
    chroniqueur: (f.chroniqueur && readNode(columnist, f.chroniqueur)) ?? {},
    imagePrincipale: imageOf(f.imageIdPrincipale, f.imagePrincipale, f.alternateText),
    lien: f.lien,
    nouvelleFenetre: f.nouvelleFenetre ?? false,
  });
  return {
    id: idOf(f, path),
    path,
    type: isChronicle ? 'chronique' : 'standard',
    URLfr: f.URLfr,
    URLen: f.URLen,
    meta: {
      title: f.title ?? f.titreChronique ?? '',
      description: f.description,
      keywords: f.keywords,
      titleOG: f.titleOG,
      descriptionOG: f.descriptionOG,
      ogImage: f.imageId
        ? (imageUrl(session().media, { imageId: f.imageId }, OPENGRAPH_FILE_NAME) ?? undefined)
        : undefined,
    },
    window: { start: f.dateDebutAffichage, end: f.dateFinAffichage },
    nePasAfficherZonePub: f.nePasAfficherZonePub ?? false,
    components: readArea(f.main),
    chronicle: isChronicle ? chronicle() : undefined,
  };
});

export { whereIs };
