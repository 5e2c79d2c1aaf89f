/** The site node: the header's and the footer's content (docs/content-contract.md "Site"). */
import { telHref } from '../../domain/links';
import type { HeaderMessage, LogoItem, MenuGroup, MenuLink, Site } from '../models';
import { readArea } from './components';
import { excerpt } from './diagnostics';
import {
  asset,
  child,
  fields,
  flag,
  idOf,
  imageOf,
  link,
  listOf,
  readNode,
  refuse,
  richText,
  text,
  type Schema,
  whereIs,
} from './magnolia';
import { report } from './session';

/** A menu link; its URL under `urlKey` (the header's and the footer's differ). */
function menuLink(urlKey: 'lienExterne' | 'externalUrl'): Schema<MenuLink> {
  return fields({
    titre: text,
    // Only the key this menu reads is a link: the other, if any, is not shown.
    lienExterne: urlKey === 'lienExterne' ? link : text,
    externalUrl: urlKey === 'externalUrl' ? link : text,
    nouvelleFenetre: flag,
    dateDebutAffichage: text,
    dateFinAffichage: text,
  }).transform((f, ctx) => {
    if (f.titre === undefined) return refuse(ctx, 'titre', 'required');
    return {
      id: idOf(f, f['@name'] ?? ''),
      titre: f.titre,
      lien: f[urlKey],
      nouvelleFenetre: f.nouvelleFenetre ?? false,
      window: { start: f.dateDebutAffichage, end: f.dateFinAffichage },
    };
  });
}

const headerLink = menuLink('lienExterne');
const footerLink = menuLink('externalUrl');

const menuGroup = fields({
  titre: text,
  lienExterne: link,
  nouvelleFenetre: flag,
  dateDebutAffichage: text,
  dateFinAffichage: text,
  'groupe-liens': listOf(headerLink),
}).transform((f, ctx): MenuGroup => {
  if (f.titre === undefined) return refuse(ctx, 'titre', 'required');
  return {
    id: idOf(f, f['@name'] ?? ''),
    titre: f.titre,
    lien: f.lienExterne,
    nouvelleFenetre: f.nouvelleFenetre ?? false,
    window: { start: f.dateDebutAffichage, end: f.dateFinAffichage },
    links: f['groupe-liens'],
  };
});

const headerMessage = fields({
  texte: richText,
  dateDebutAffichage: text,
  dateFinAffichage: text,
}).transform((f, ctx): HeaderMessage => {
  if (f.texte === undefined) return refuse(ctx, 'texte', 'required');
  return {
    id: idOf(f, f['@name'] ?? ''),
    texte: f.texte,
    window: { start: f.dateDebutAffichage, end: f.dateFinAffichage },
  };
});

const buyInStore = fields({ texte: text, lien: link, nouvelleFenetre: flag }).transform(
  (f, ctx) => {
    if (f.texte === undefined) return refuse(ctx, 'texte', 'required');
    if (f.lien === undefined) return refuse(ctx, 'lien', 'required');
    return { texte: f.texte, lien: f.lien, nouvelleFenetre: f.nouvelleFenetre ?? false };
  },
);

const logo = fields({
  imageId: text,
  image: asset,
  alternateText: text,
  lien: link,
  nouvelleFenetre: flag,
}).transform((f, ctx): LogoItem => {
  const image = imageOf(f.imageId, f.image, f.alternateText);
  if (!image) return refuse(ctx, 'image', 'required');
  return {
    id: idOf(f, f['@name'] ?? ''),
    image,
    lien: f.lien,
    nouvelleFenetre: f.nouvelleFenetre ?? false,
  };
});

const footerColumn = fields({ entete: text, liens: listOf(footerLink) }).transform((f) => {
  return { id: idOf(f, f['@name'] ?? ''), entete: f.entete, links: f.liens };
});

/**
 * The footer's phone. Its dialable link is normalised to `tel:+digits` (`telHref`): from
 * numeroTelephoneLien, else from the number shown. A link that is not a phone number is
 * ignored with a diagnostic; the number then shows as text.
 */
const phone = fields({
  libelleServiceClientele: text,
  numeroTelephone: text,
  numeroTelephoneLien: text,
  url: text,
  libelleBoutonJoindre: text,
  nouvelleFenetre: flag,
}).transform((f) => {
  const fromLink = telHref(f.numeroTelephoneLien);
  if (f.numeroTelephoneLien && !fromLink) {
    report({
      path: whereIs(f),
      field: 'numeroTelephoneLien',
      rule: 'format',
      effect: 'ignored',
      excerpt: excerpt(f.numeroTelephoneLien),
      detail: 'not a phone number',
    });
  }
  return {
    libelleServiceClientele: f.libelleServiceClientele,
    numeroTelephone: f.numeroTelephone,
    numeroTelephoneLien: fromLink ?? telHref(f.numeroTelephone),
    url: f.url,
    libelleBoutonJoindre: f.libelleBoutonJoindre,
    nouvelleFenetre: f.nouvelleFenetre ?? false,
  };
});

const header = fields({
  menu: listOf(menuGroup),
  messages: listOf(headerMessage),
  achatEnMagasin: child,
}).transform((f) => {
  return {
    menu: f.menu,
    messages: f.messages,
    achatEnMagasin: (f.achatEnMagasin && readNode(buyInStore, f.achatEnMagasin)) ?? undefined,
  };
});

const footer = fields({
  menu: listOf(footerColumn),
  telephone: child,
  'logos-medias-sociaux': listOf(logo),
  'logos-corpo': listOf(logo),
  partenaires: listOf(logo),
  pub: child,
  noteLegale: richText,
  nePasAfficherZonePub: flag,
}).transform((f) => {
  return {
    menu: f.menu,
    telephone: (f.telephone && readNode(phone, f.telephone)) ?? undefined,
    socialLogos: f['logos-medias-sociaux'],
    corporateLogos: f['logos-corpo'],
    partners: f.partenaires,
    pub: readArea(f.pub),
    noteLegale: f.noteLegale,
    nePasAfficherZonePub: f.nePasAfficherZonePub ?? false,
  };
});

const EMPTY_HEADER: Site['header'] = { menu: [], messages: [], achatEnMagasin: undefined };
const EMPTY_FOOTER: Site['footer'] = {
  menu: [],
  telephone: undefined,
  socialLogos: [],
  corporateLogos: [],
  partners: [],
  pub: [],
  noteLegale: undefined,
  nePasAfficherZonePub: false,
};
/** A site node with nothing in it: the shell still renders (a node it cannot read, say). */
export const EMPTY_SITE: Site = { header: EMPTY_HEADER, footer: EMPTY_FOOTER };

/** A missing header or footer reads as an empty one. */
export const siteSchema = fields({ header: child, footer: child }).transform((f): Site => {
  return {
    header: (f.header && readNode(header, f.header)) ?? EMPTY_HEADER,
    footer: (f.footer && readNode(footer, f.footer)) ?? EMPTY_FOOTER,
  };
});
