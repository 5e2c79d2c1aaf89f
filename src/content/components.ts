/**
 * Component nodes to typed components. An unknown kind is skipped and logged once per kind; a
 * component missing what its kind needs is skipped with a line naming its path and the cause.
 */
import { isPlaylistId, isPodcastId, isVideoId } from '../domain/embeds';
import { checkContentId } from '../domain/ids';
import { parseDisposition } from '../domain/layout';
import { readAmount, readFlag, readImage, readRichText, readText, readWindow } from './fields';
import type { BlockFields, Card, Component, ComponentKind, Promotion, Slide } from './models';
import {
  childNode,
  childNodes,
  componentKind,
  nodeId,
  nodeName,
  nodePath,
  type RawNode,
} from './nodes';

export interface ParseContext {
  /** Origin of the media host for image URLs. */
  media: string;
  /** Where a skipped node is reported: a log line naming the cause. */
  warn: (message: string) => void;
  /** Kinds already reported as unknown (shared by one client so each is logged once). */
  reportedKinds: Set<string>;
  /** Longest rich-text field sanitised, in bytes (RICH_TEXT_MAX_BYTES); none: no limit. */
  richTextMaxBytes?: number;
  /** Rich text of this answer already sanitised, by its markup (sanitize-ahead.ts). */
  sanitized?: ReadonlyMap<string, string>;
}

export function readBlockFields(node: RawNode, ctx: ParseContext): BlockFields {
  return {
    fluid: readFlag(node, 'fluid'),
    fondCouleur: readText(node, 'fondCouleur'),
    tbpadding: readText(node, 'tbpadding'),
    thpadding: readText(node, 'thpadding'),
    displayCover: readFlag(node, 'displayCover'),
    position: readText(node, 'position'),
    title: readText(node, 'title'),
    overTitle: readText(node, 'overTitle'),
    subTitle: readText(node, 'subTitle'),
    texte: readRichText(node, 'texte', ctx),
    lien: readText(node, 'lien'),
    texteLien: readText(node, 'texteLien'),
    nouvelleFenetre: readFlag(node, 'nouvelleFenetre'),
    image: readImage(node, ctx.media),
    imageMobile: readImage(node, ctx.media, 'imageMobile', 'imageMobileId'),
    labelStatsGA: readText(node, 'labelStatsGA'),
    window: readWindow(node),
  };
}

class Skip extends Error {}

/** A value for the log: quoted, escaped, cut short (content may be anything). */
export function quoted(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}

/**
 * A content value that becomes an id or a fragment (domain/ids.ts): undefined when absent, and
 * when invalid too, with a line naming the node.
 */
function readContentId(
  node: RawNode,
  key: string,
  ctx: ParseContext,
  where: string,
): string | undefined {
  const raw = readText(node, key);
  if (raw === undefined) return undefined;
  const check = checkContentId(raw);
  if (check.ok) return check.id;
  ctx.warn(`${key} ${quoted(raw)} ignored at ${where}: ${check.reason}`);
  return undefined;
}

/** A required id of a player (video, playlist, podcast) in its documented form, or a skip. */
function needPlayerId(node: RawNode, key: string, valid: (id: string) => boolean): string {
  const raw = need(readText(node, key), key);
  const id = raw.trim();
  if (!valid(id)) throw new Skip(`${key} ${quoted(raw)} is not a valid id`);
  return id;
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Skip(`missing ${what}`);
  return value;
}

function cards(area: RawNode | undefined, ctx: ParseContext): Card[] {
  return childNodes(area).map(({ name, node }) => ({
    id: nodeId(node, name),
    fields: readBlockFields(node, ctx),
  }));
}

function slides(area: RawNode | undefined, ctx: ParseContext): Slide[] {
  return childNodes(area).map(({ name, node }) => ({
    id: nodeId(node, name),
    theme: readText(node, 'theme'),
    imagePosition: readText(node, 'imagePosition'),
    imageLegende: readText(node, 'imageLegende'),
    fields: readBlockFields(node, ctx),
  }));
}

function promotions(area: RawNode | undefined, ctx: ParseContext): Promotion[] {
  return childNodes(area).map(({ name, node }) => ({
    id: nodeId(node, name),
    theme: readText(node, 'theme'),
    position: readText(node, 'position') === 'right' ? 'right' : 'left',
    surTitre: readText(node, 'surTitre'),
    titre: readText(node, 'titre'),
    information: readRichText(node, 'information', ctx),
    imageGauche: readImage(node, ctx.media, 'imageGauche'),
    imageDroite: readImage(node, ctx.media, 'imageDroite'),
    imageMobile: readImage(node, ctx.media, 'imageMobile'),
    imageTerminee: readImage(node, ctx.media, 'imageTerminee'),
    window: readWindow(node),
  }));
}

function buildComponent(kind: string, node: RawNode, ctx: ParseContext): Component | null {
  const base = {
    id: nodeId(node, nodePath(node) || nodeName(node)),
    name: nodeName(node),
    fields: readBlockFields(node, ctx),
  };
  const k = kind as ComponentKind;
  switch (k) {
    case 'entete':
      return { ...base, kind: k, overlay: readFlag(node, 'overlay') };
    case 'section':
      return { ...base, kind: k, children: parseArea(childNode(node, 'composantes'), ctx) };
    case 'rangee': {
      const areas = childNodes(node).filter(({ name }) => /^colonne\d+$/.test(name));
      return {
        ...base,
        kind: k,
        widths: parseDisposition(readText(node, 'disposition'), areas.length),
        columns: areas.map(({ node: area }) => parseArea(area, ctx)),
      };
    }
    case 'contenant-onglets':
      return {
        ...base,
        kind: k,
        tabs: childNodes(childNode(node, 'onglets')).map(({ name, node: tab }, index) => ({
          id: nodeId(tab, name),
          titre: readText(tab, 'titre') ?? name,
          // The key goes into the URL fragment: a safe one, else the node's name, else its rank.
          lienCle:
            readContentId(tab, 'lienCle', ctx, nodePath(tab) || name) ??
            (checkContentId(name).ok ? name : `onglet-${index + 1}`),
          children: parseArea(childNode(tab, 'composantes'), ctx),
        })),
      };
    case 'accordeon':
      return {
        ...base,
        kind: k,
        titre: need(readText(node, 'titre') ?? base.fields.title, 'titre'),
        // The anchor becomes the element's id: never one of the application's own.
        ancre: readContentId(node, 'ancre', ctx, nodePath(node) || nodeName(node)),
        children: parseArea(childNode(node, 'composantes'), ctx),
      };
    case 'texte':
      need(base.fields.texte, 'texte');
      return { ...base, kind: k };
    case 'message':
      need(base.fields.texte, 'texte');
      return { ...base, kind: k };
    case 'image':
      // docs/requirements.md §5: an image with a missing source is skipped.
      return {
        ...base,
        kind: k,
        image: need(base.fields.image, 'image source (imageId or image)'),
      };
    case 'video':
      return { ...base, kind: k, videoId: needPlayerId(node, 'videoId', isVideoId) };
    case 'carte':
      return { ...base, kind: k };
    case 'carrousel':
      return {
        ...base,
        kind: k,
        autoplayTimeout: readAmount(node, 'autoplayTimeout'),
        arrows: readFlag(node, 'arrows'),
        navTextPrev: readText(node, 'navTextPrev'),
        navTextNext: readText(node, 'navTextNext'),
        slides: slides(childNode(node, 'diapositives'), ctx),
      };
    case 'galerie':
      return {
        ...base,
        kind: k,
        images: childNodes(childNode(node, 'images')).flatMap(({ name, node: item }) => {
          const image = readImage(item, ctx.media);
          return image
            ? [
                {
                  id: nodeId(item, name),
                  image,
                  lien: readText(item, 'lien'),
                  nouvelleFenetre: readFlag(item, 'nouvelleFenetre'),
                },
              ]
            : [];
        }),
      };
    case 'offres':
      return {
        ...base,
        kind: k,
        colonnesMobile: readAmount(node, 'colonnesMobile'),
        colonnesTablette: readAmount(node, 'colonnesTablette'),
        colonnesBureau: readAmount(node, 'colonnesBureau'),
        offers: cards(childNode(node, 'offres'), ctx),
      };
    case 'promotions': {
      const type = readText(node, 'typePromotions')?.normalize('NFD').replace(/\p{M}/gu, '');
      if (type !== 'enCours' && type !== 'terminee') {
        throw new Skip(`typePromotions must be enCours or terminée, got ${String(type)}`);
      }
      return {
        ...base,
        kind: k,
        typePromotions: type,
        items: promotions(childNode(node, 'items'), ctx),
      };
    }
    case 'liste-billets':
    case 'liste-gagnants':
      return { ...base, kind: k, nbJoursNouveau: readAmount(node, 'nbJoursNouveau') };
    case 'liste-chroniques':
      return { ...base, kind: k };
    case 'liste-videos':
      return {
        ...base,
        kind: k,
        playlistId: needPlayerId(node, 'playlistId', isPlaylistId),
        apikey: readText(node, 'apikey'),
      };
    case 'balado':
      return { ...base, kind: k, podcastId: needPlayerId(node, 'podcastId', isPodcastId) };
    default: {
      const unknown: never = k;
      if (!ctx.reportedKinds.has(unknown)) {
        ctx.reportedKinds.add(unknown);
        ctx.warn(
          `unknown component kind "${String(unknown)}" skipped (first at ${nodePath(node)})`,
        );
      }
      return null;
    }
  }
}

export function parseComponent(node: RawNode, ctx: ParseContext): Component | null {
  const kind = componentKind(node);
  if (!kind) {
    ctx.warn(`component without mgnl:template skipped at ${nodePath(node) || nodeName(node)}`);
    return null;
  }
  try {
    return buildComponent(kind, node, ctx);
  } catch (error) {
    if (!(error instanceof Skip)) throw error;
    ctx.warn(
      `component "${kind}" skipped at ${nodePath(node) || nodeName(node)}: ${error.message}`,
    );
    return null;
  }
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
export function parseArea(area: RawNode | undefined, ctx: ParseContext): Component[] {
  if (!area) return [];
  if (openAreas.size >= MAX_AREA_DEPTH || openAreas.has(area)) {
    ctx.warn(
      `components nested deeper than ${MAX_AREA_DEPTH} areas (or inside themselves) cut at ${nodePath(area) || nodeName(area)}`,
    );
    return [];
  }
  openAreas.add(area);
  try {
    return childNodes(area).flatMap(({ node }) => parseComponent(node, ctx) ?? []);
  } finally {
    openAreas.delete(area);
  }
}
