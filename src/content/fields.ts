/**
 * Tolerant field readers: a real Magnolia sends booleans and numbers as strings, and an editor's
 * mistake in an optional field must not cost the whole component. A wrong optional field reads
 * as absent; required fields are checked where the model is built.
 */
import { z } from 'zod';
import { imageUrl, type ImageSource } from '../domain/images';
import type { DisplayWindow } from '../domain/display-window';
import { isNode, nodeName, nodePath, type RawNode } from './nodes';
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

/** Where an over-long rich-text field is reported, and the limit (none: no limit). */
export interface RichTextLimit {
  warn: (message: string) => void;
  richTextMaxBytes?: number;
  /** Fields of this answer sanitised ahead of the parse, by their markup. */
  sanitized?: ReadonlyMap<string, string>;
}

/** UTF-8 length, counted only when the string's length alone cannot tell. */
export function overLimit(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return new TextEncoder().encode(text).length > maxBytes;
}

/**
 * Editors' HTML, sanitised at the boundary so that nothing hostile travels further, not even in
 * the hydration data. The browser sanitises again where it renders (defence in depth). A field
 * longer than the limit is not sanitised at all: it reads as absent, with a warning, so the
 * component goes on without it or is skipped if it needs it (docs/requirements.md §8, docs/configuration.md).
 */
export function readRichText(
  node: RawNode,
  key: string,
  limit?: RichTextLimit,
): string | undefined {
  const html = readText(node, key);
  if (html === undefined) return undefined;
  const max = limit?.richTextMaxBytes;
  if (limit && max !== undefined && overLimit(html, max)) {
    limit.warn(
      `rich text "${key}" skipped at ${nodePath(node) || nodeName(node)}: ${html.length} characters, over the limit of ${max} bytes`,
    );
    return undefined;
  }
  return limit?.sanitized?.get(html) ?? sanitizeHtml(html);
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
