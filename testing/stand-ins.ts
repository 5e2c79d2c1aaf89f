/** Helpers shared by the tests of the embedded services (and the site's tests of publication). */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultContentDir } from '../embedded/cms/load';
import {
  startEmbeddedServices,
  type EmbeddedServices,
  type EmbeddedServicesOptions,
} from '../embedded/server';

export const APP = 'pari-boreal';
/**
 * The stand-ins' own tests run on another day than the tests' today (./today.ts): two days after
 * the spring change to daylight time (2026-03-08), so that the demo content's relative dates fall
 * on both sides of it and their offsets are checked.
 */
export const ANCHOR = '2026-03-10 12:00';

export function startTestServices(
  extra: Partial<EmbeddedServicesOptions> = {},
): Promise<EmbeddedServices> {
  return startEmbeddedServices({
    host: '127.0.0.1',
    port: 0,
    app: APP,
    timeZone: 'America/Toronto',
    anchorDate: ANCHOR,
    ...extra,
  });
}

export type WireNode = Record<string, unknown>;

export function isNode(value: unknown): value is WireNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '@name' in value;
}

/** A child by name, failing loudly so that tests read as paths. */
export function child(node: unknown, ...names: string[]): WireNode {
  let current = node;
  for (const name of names) {
    if (!isNode(current)) throw new Error(`not a node before "${name}"`);
    current = current[name];
  }
  if (!isNode(current)) throw new Error(`no node at ${names.join('/')}`);
  return current;
}

export function childNames(node: WireNode): string[] {
  return node['@nodes'] as string[];
}

/** Every node of a tree, depth first in `@nodes` order. */
export function* walkNodes(node: WireNode): Generator<WireNode> {
  yield node;
  for (const name of childNames(node)) yield* walkNodes(child(node, name));
}

export async function getJson(
  url: string,
  headers?: Record<string, string>,
): Promise<{ status: number; body: WireNode; headers: Headers }> {
  const response = await fetch(url, headers ? { headers } : undefined);
  return {
    status: response.status,
    body: (await response.json()) as WireNode,
    headers: response.headers,
  };
}

export function results(body: WireNode): WireNode[] {
  return body.results as WireNode[];
}

/**
 * A private copy of the demo content, for a test that publishes: `edit` changes one of its JSON
 * files (then `reload()` on the services started over `dir`), `remove` deletes the copy.
 */
export interface ContentCopy {
  dir: string;
  edit(file: string, change: (json: Record<string, unknown>) => void): void;
  remove(): void;
}

export function copyDemoContent(): ContentCopy {
  const dir = mkdtempSync(path.join(tmpdir(), 'demo-content-'));
  cpSync(defaultContentDir(), dir, { recursive: true });
  return {
    dir,
    edit(file, change) {
      const target = path.join(dir, file);
      const json = JSON.parse(readFileSync(target, 'utf8')) as Record<string, unknown>;
      change(json);
      writeFileSync(target, JSON.stringify(json, null, 2));
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
