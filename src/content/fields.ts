/**
 * Tolerant field readers: a real Magnolia sends booleans and numbers as strings, and an editor's
 * mistake in an optional field must not cost the whole component. A wrong optional field reads
 * as absent; required fields are checked where the model is built.
 */
import { z } from 'zod';
import { imageUrl, type ImageSource } from '../domain/images';
import type { DisplayWindow } from '../domain/display-window';
import { isNode, type RawNode } from './nodes';
import type { Img } from './models';
import { sanitizeHtml } from './sanitize';

export const text = z
  .union([z.string(), z.number().transform(String)])
  .optional()
  .catch(undefined);

export const flag = z
  .union([
    z.boolean(),
    z
      .string()
      .transform((v) => v.trim().toLowerCase())
      .pipe(z.enum(['true', 'false']))
      .transform((v) => v === 'true'),
  ])
  .optional()
  .catch(undefined);

export const amount = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .optional()
  .catch(undefined);

export function readText(node: RawNode, key: string): string | undefined {
  const value = text.parse(node[key]);
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * Editors' HTML, sanitised at the boundary so that nothing hostile travels further, not even in
 * the hydration data. The browser sanitises again where it renders (defence in depth).
 */
export function readRichText(node: RawNode, key: string): string | undefined {
  const html = readText(node, key);
  return html === undefined ? undefined : sanitizeHtml(html);
}

export function readFlag(node: RawNode, key: string): boolean {
  return flag.parse(node[key]) ?? false;
}

export function readAmount(node: RawNode, key: string): number | undefined {
  return amount.parse(node[key]);
}

export function readWindow(node: RawNode): DisplayWindow {
  return { start: readText(node, 'dateDebutAffichage'), end: readText(node, 'dateFinAffichage') };
}

/**
 * An image by the pair rule: `{prefix}Id` (or `imageId` for `image`) then the static asset
 * object `{prefix}: {"@path": ...}`. Null when neither gives a source.
 */
export function readImage(
  node: RawNode,
  media: string,
  key = 'image',
  idKey = key === 'image' ? 'imageId' : `${key}Id`,
  altKey = 'alternateText',
): Img | undefined {
  const asset = node[key];
  const source: ImageSource = {
    imageId: readText(node, idKey),
    path: isNode(asset) && typeof asset['@path'] === 'string' ? asset['@path'] : undefined,
  };
  const src = imageUrl(media, source);
  return src ? { src, alt: readText(node, altKey) ?? '' } : undefined;
}
