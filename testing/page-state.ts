/**
 * A page's hydration state as the browser gets it (a test tool): written in the page, or beside
 * it at the address the state element names (docs/decisions/0081-state-beside-the-document.md),
 * which is then asked of the same server.
 */
import type { FastifyInstance } from 'fastify';

const ELEMENT =
  /<script type="application\/json" id="app-state"(?: data-src="([^"]*)")?>([\s\S]*?)<\/script>/;

/** The state element's address beside the page, or undefined when the state is in it. */
export function stateAddressOf(html: string): string | undefined {
  return ELEMENT.exec(html)?.[1]?.replace(/&amp;/g, '&');
}

/** The state's JSON text: the element's, or the answer at its address (which must be 200). */
export async function pageStateText(app: FastifyInstance, html: string): Promise<string> {
  const match = ELEMENT.exec(html);
  if (!match) throw new Error('the page has no state element');
  const src = stateAddressOf(html);
  if (src === undefined) return match[2] ?? '';
  const answer = await app.inject({ url: src });
  if (answer.statusCode !== 200) throw new Error(`${src} answered ${answer.statusCode}`);
  return answer.body;
}
