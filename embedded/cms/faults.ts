/** Fault modes of the content calls, to see how the site degrades (SPEC.md section 8). */
import { jsonReply, textReply, type Reply } from '../http';
import type { CmsAnswer } from './service';

export const FAULTS = ['none', '500', 'html', 'truncated', 'slow', 'empty'] as const;
export type Fault = (typeof FAULTS)[number];

export function isFault(value: string): value is Fault {
  return (FAULTS as readonly string[]).includes(value);
}

/** How long the 'slow' fault waits; longer than any sane client time-out. */
export const SLOW_FAULT_MS = 30_000;

/** The reply for a content call under a fault ('slow' delays the normal reply elsewhere). */
export function faultReply(answer: CmsAnswer, fault: Fault): Reply {
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
    case 'none':
    case 'slow':
      return jsonReply(200, answer.body);
  }
}
