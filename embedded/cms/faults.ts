/** Fault modes of the content calls, to see how the site degrades (docs/requirements.md §8). */
import { jsonReply, textReply, type Reply } from '../http';
import type { CmsAnswer } from './service';

export const FAULTS = [
  'none',
  '500',
  'html',
  'truncated',
  'slow',
  'hang',
  'empty',
  'huge',
  'deep',
] as const;
export type Fault = (typeof FAULTS)[number];

export function isFault(value: string): value is Fault {
  return (FAULTS as readonly string[]).includes(value);
}

/** How long the 'slow' fault waits; longer than any sane client time-out. */
export const SLOW_FAULT_MS = 30_000;

/** Size of the 'huge' answer: over the site's default limit (CMS_MAX_BYTES, 2 MiB). */
export const HUGE_FAULT_BYTES = 8 * 1024 * 1024;

/** Levels of the 'deep' page: far past the site's cut (MAX_AREA_DEPTH in src/content/schema/components.ts). */
export const DEEP_FAULT_LEVELS = 5000;

/** A page's `main` area nested `levels` sections deep, as JSON text (JSON.stringify would overflow). */
function deepArea(app: string, levels: number): string {
  const section = (i: number) =>
    `{"@name":"s${i}","@path":"/deep/s${i}","mgnl:template":"${app}:components/section",` +
    `"@nodes":["composantes"],"composantes":{"@name":"composantes","@nodes":["c"],"c":`;
  const bottom = `{"@name":"fond","mgnl:template":"${app}:components/texte","texte":"<p>Fond</p>"}`;
  return `{"@name":"main","@nodes":["deep"],"deep":${Array.from({ length: levels }, (_, i) => section(i)).join('')}${bottom}${'}}'.repeat(levels)}}`;
}

/**
 * The reply for a content call under a fault ('slow' delays the normal reply elsewhere, 'hang'
 * never sends one).
 */
export function faultReply(answer: CmsAnswer, fault: Fault, app = 'pari-boreal'): Reply {
  switch (fault) {
    case '500':
      return jsonReply(500, { errorCode: 'INTERNAL_SERVER_ERROR', message: 'Simulated failure' });
    case 'html':
      return textReply(
        200,
        '<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>Service temporairement indisponible</h1><p>Simulated HTML error page.</p></body></html>',
        'text/html',
      );
    case 'truncated': {
      const full = JSON.stringify(answer.body);
      return { ...jsonReply(200, null), body: full.slice(0, Math.floor(full.length / 2)) };
    }
    case 'empty':
      return jsonReply(200, answer.shape === 'list' ? { results: [] } : {});
    case 'huge': {
      // The real answer with one more property of megabytes of text: valid JSON, only too long.
      const full = JSON.stringify(answer.body);
      const padding = `,"padding":"${'x'.repeat(HUGE_FAULT_BYTES)}"}`;
      return { ...jsonReply(200, null), body: full.slice(0, -1) + padding };
    }
    case 'deep': {
      const body = answer.body as { results?: Record<string, unknown>[] };
      const page = answer.shape === 'list' ? body.results?.[0] : undefined;
      if (!page || !('main' in page)) return jsonReply(200, answer.body);
      const text = JSON.stringify({ ...body, results: [{ ...page, main: '@deep@' }] });
      return {
        ...jsonReply(200, null),
        body: text.replace('"@deep@"', deepArea(app, DEEP_FAULT_LEVELS)),
      };
    }
    case 'none':
    case 'slow':
    case 'hang':
      return jsonReply(200, answer.body);
  }
}
