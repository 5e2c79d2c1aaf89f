/** Page, site, lot and tile nodes to typed models. */
import { isVideoId, vendorUrl } from '../domain/embeds';
import { imageUrl, OPENGRAPH_FILE_NAME } from '../domain/images';
import { telHref } from '../domain/links';
import { readAmount, readFlag, readImage, readRichText, readText, readWindow } from './fields';
import { parseArea, quoted, readBlockFields, type ParseContext } from './components';
import type {
  ChroniqueInfo,
  DecorTile,
  FooterColumn,
  LogoItem,
  Lot,
  MenuLink,
  Page,
  PlaylistItem,
  Site,
} from './models';
import { childNode, childNodes, isNode, nodeId, nodeName, nodePath, type RawNode } from './nodes';

function chroniqueInfo(node: RawNode, ctx: ParseContext): ChroniqueInfo {
  const columnist = childNode(node, 'chroniqueur') ?? {};
  return {
    titreChronique: readText(node, 'titreChronique') ?? readText(node, 'title') ?? '',
    dateChronique: readText(node, 'dateChronique'),
    chroniqueur: {
      nomChroniqueur: readText(columnist, 'nomChroniqueur'),
      profilChroniqueur: readText(columnist, 'profilChroniqueur'),
      image: readImage(columnist, ctx.media),
    },
    imagePrincipale: readImage(node, ctx.media, 'imagePrincipale', 'imageIdPrincipale'),
    lien: readText(node, 'lien'),
    nouvelleFenetre: readFlag(node, 'nouvelleFenetre'),
  };
}

export function parsePage(node: RawNode, ctx: ParseContext): Page {
  const isChronique =
    readText(node, 'type') === 'chronique' ||
    (readText(node, 'mgnl:template') ?? '').endsWith('/chronique');
  const imageId = readText(node, 'imageId');
  const title = readText(node, 'title') ?? readText(node, 'titreChronique') ?? '';
  return {
    id: nodeId(node, nodePath(node)),
    path: nodePath(node),
    type: isChronique ? 'chronique' : 'standard',
    URLfr: readText(node, 'URLfr'),
    URLen: readText(node, 'URLen'),
    meta: {
      title,
      description: readText(node, 'description'),
      keywords: readText(node, 'keywords'),
      titleOG: readText(node, 'titleOG'),
      descriptionOG: readText(node, 'descriptionOG'),
      ogImage: imageId
        ? (imageUrl(ctx.media, { imageId }, OPENGRAPH_FILE_NAME) ?? undefined)
        : undefined,
      urlOG: readText(node, 'urlOG'),
    },
    window: readWindow(node),
    nePasAfficherZonePub: readFlag(node, 'nePasAfficherZonePub'),
    components: parseArea(childNode(node, 'main'), ctx),
    chronique: isChronique ? chroniqueInfo(node, ctx) : undefined,
  };
}

function links(area: RawNode | undefined, urlKey: string): MenuLink[] {
  return childNodes(area).flatMap(({ name, node }) => {
    const titre = readText(node, 'titre');
    if (!titre) return [];
    return [
      {
        id: nodeId(node, name),
        titre,
        lien: readText(node, urlKey),
        nouvelleFenetre: readFlag(node, 'nouvelleFenetre'),
        window: readWindow(node),
      },
    ];
  });
}

function logos(area: RawNode | undefined, ctx: ParseContext): LogoItem[] {
  return childNodes(area).flatMap(({ name, node }) => {
    const image = readImage(node, ctx.media);
    if (!image) return [];
    return [
      {
        id: nodeId(node, name),
        image,
        lien: readText(node, 'lien'),
        nouvelleFenetre: readFlag(node, 'nouvelleFenetre'),
      },
    ];
  });
}

/**
 * The footer's dialable link, normalised to `tel:+digits` (`telHref`): from numeroTelephoneLien,
 * else from the number shown. A link that is not a phone number is dropped with a warning; the
 * number then shows as text.
 */
function phoneLink(phone: RawNode, ctx: ParseContext): string | undefined {
  const link = readText(phone, 'numeroTelephoneLien');
  const fromLink = telHref(link);
  if (link && !fromLink) {
    ctx.warn(
      `numeroTelephoneLien ${quoted(link)} ignored at ${nodePath(phone)}: not a phone number`,
    );
  }
  return fromLink ?? telHref(readText(phone, 'numeroTelephone'));
}

export function parseSite(node: RawNode, ctx: ParseContext): Site {
  const header = childNode(node, 'header') ?? {};
  const footer = childNode(node, 'footer') ?? {};
  const buy = childNode(header, 'achatEnMagasin');
  const phone = childNode(footer, 'telephone');
  const buyText = buy && readText(buy, 'texte');
  const buyLink = buy && readText(buy, 'lien');
  const columns: FooterColumn[] = childNodes(childNode(footer, 'menu')).map(
    ({ name, node: col }) => ({
      id: nodeId(col, name),
      entete: readText(col, 'entete'),
      links: links(childNode(col, 'liens'), 'externalUrl'),
    }),
  );
  return {
    header: {
      menu: childNodes(childNode(header, 'menu')).flatMap(({ name, node: group }) => {
        const titre = readText(group, 'titre');
        if (!titre) return [];
        return [
          {
            id: nodeId(group, name),
            titre,
            lien: readText(group, 'lienExterne'),
            nouvelleFenetre: readFlag(group, 'nouvelleFenetre'),
            window: readWindow(group),
            links: links(childNode(group, 'groupe-liens'), 'lienExterne'),
          },
        ];
      }),
      messages: childNodes(childNode(header, 'messages')).flatMap(({ name, node: message }) => {
        const texte = readRichText(message, 'texte', ctx);
        return texte ? [{ id: nodeId(message, name), texte, window: readWindow(message) }] : [];
      }),
      achatEnMagasin:
        buy && buyText && buyLink
          ? { texte: buyText, lien: buyLink, nouvelleFenetre: readFlag(buy, 'nouvelleFenetre') }
          : undefined,
    },
    footer: {
      menu: columns,
      telephone: phone
        ? {
            libelleServiceClientele: readText(phone, 'libelleServiceClientele'),
            numeroTelephone: readText(phone, 'numeroTelephone'),
            numeroTelephoneLien: phoneLink(phone, ctx),
            url: readText(phone, 'url'),
            libelleBoutonJoindre: readText(phone, 'libelleBoutonJoindre'),
            nouvelleFenetre: readFlag(phone, 'nouvelleFenetre'),
          }
        : undefined,
      socialLogos: logos(childNode(footer, 'logos-medias-sociaux'), ctx),
      corporateLogos: logos(childNode(footer, 'logos-corpo'), ctx),
      partners: logos(childNode(footer, 'partenaires'), ctx),
      pub: parseArea(childNode(footer, 'pub'), ctx),
      noteLegale: readRichText(footer, 'noteLegale', ctx),
      nePasAfficherZonePub: readFlag(footer, 'nePasAfficherZonePub'),
    },
  };
}

export function parseLot(node: RawNode, ctx: ParseContext): Lot | null {
  const name = readText(node, 'name') ?? nodeName(node);
  if (!name) {
    ctx.warn(`lot without a name skipped at ${nodePath(node)}`);
    return null;
  }
  const produit = childNode(node, 'produit');
  const ticket = childNode(node, `${name}-B`);
  const winner = childNode(node, `${name}-G`);
  return {
    name,
    dateGain: readText(node, 'dateGain'),
    montantMise: readAmount(node, 'montantMise'),
    montantGain: readAmount(node, 'montantGain'),
    produit: produit
      ? { name: readText(produit, 'name'), image: readImage(produit, ctx.media) }
      : undefined,
    sports: childNodes(childNode(node, 'sports')).flatMap(({ name: key, node: sport }) => {
      const sportName = readText(sport, 'name') ?? key;
      return [
        {
          name: sportName,
          nomSport: readText(sport, 'nomSport'),
          image: readImage(sport, ctx.media),
        },
      ];
    }),
    billet: ticket
      ? {
          ville: readText(ticket, 'ville'),
          villeEn: readText(ticket, 'villeEn'),
          image: readImage(ticket, ctx.media, 'imageBillet'),
          descriptif: readRichText(ticket, 'descriptif', ctx),
          window: readWindow(ticket),
        }
      : undefined,
    gagnant: winner
      ? {
          noms: readText(winner, 'noms'),
          region: readText(winner, 'region'),
          descriptif: readRichText(winner, 'descriptif', ctx),
          photo: readImage(winner, ctx.media, 'imagePhoto'),
          video: winnerVideo(winner, ctx),
          noteVideo: readText(winner, 'noteVideo'),
          window: readWindow(winner),
        }
      : undefined,
  };
}

/** The winner's video id, dropped (with a line) when it is not one (docs/requirements.md §5: no video). */
function winnerVideo(winner: RawNode, ctx: ParseContext): string | undefined {
  const raw = readText(winner, 'video');
  if (raw === undefined) return undefined;
  if (isVideoId(raw.trim())) return raw.trim();
  ctx.warn(`winner video ${quoted(raw)} ignored at ${nodePath(winner)}: not a valid video id`);
  return undefined;
}

/** Decorative tiles: only entries whose path contains "decoration" (docs/requirements.md §5). */
export function parseDecorTile(node: RawNode, ctx: ParseContext): DecorTile | null {
  if (!nodePath(node).includes('decoration')) return null;
  const image = readImage(node, ctx.media);
  return image ? { id: nodeId(node, nodePath(node)), image } : null;
}

export interface PlaylistContext {
  /** Origins whose `http:` thumbnails are accepted (the configured stand-ins); else https only. */
  httpOrigins: readonly string[];
  warn: (message: string) => void;
}

/**
 * A playlist item of the video platform; "Deleted video" entries are not shown (docs/requirements.md §5). The
 * platform is a third party: an item without a valid video id is skipped, a thumbnail that is no
 * safe URL is dropped, each with a line.
 */
export function parsePlaylistItem(item: unknown, ctx: PlaylistContext): PlaylistItem | null {
  if (!isNode(item)) return null;
  const snippet = childNode(item, 'snippet');
  if (!snippet) return null;
  const title = readText(snippet, 'title');
  const rawId = readText(childNode(snippet, 'resourceId') ?? {}, 'videoId');
  if (!title || !rawId || title === 'Deleted video') return null;
  const videoId = rawId.trim();
  if (!isVideoId(videoId)) {
    ctx.warn(`playlist item skipped: video id ${quoted(rawId)} is not a valid id`);
    return null;
  }
  const rawThumbnail = readText(childNode(childNode(snippet, 'thumbnails'), 'medium') ?? {}, 'url');
  const thumbnail = rawThumbnail && vendorUrl(rawThumbnail, ctx.httpOrigins);
  if (rawThumbnail && !thumbnail) {
    ctx.warn(
      `playlist item ${videoId}: thumbnail ${quoted(rawThumbnail)} dropped (not a safe URL)`,
    );
  }
  return { title, videoId, thumbnail: thumbnail || undefined };
}

export { readBlockFields };
