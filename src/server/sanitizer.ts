/**
 * The server's sanitiser (docs/decisions/0022-server-sanitizer.md): rich text and its text go
 * through the DOM-free sanitiser, with the browser DOMPurify's allow-lists and an output that the
 * browser's DOMPurify gives back unchanged (not always its bytes on raw input); inline SVG
 * (a few illustrations, memoised) through DOMPurify over a jsdom window that is replaced every
 * `svgPerWindow` documents, since a jsdom window grows with every document parsed in it.
 */
import { JSDOM } from 'jsdom';
import { createDomEngine, type SanitizerEngine } from '../content/sanitize';
import { createHtmlAudit, createHtmlSanitizer } from '../content/server-sanitizer';
import { RICH_TEXT_POLICY } from '../content/sanitize-policy';

interface ServerSanitizerOptions {
  /** SVG documents sanitised in one jsdom window before it is closed and replaced. */
  svgPerWindow?: number;
}

export function createServerSanitizer(options: ServerSanitizerOptions = {}): SanitizerEngine {
  const perWindow = options.svgPerWindow ?? 50;
  let dom: { window: JSDOM['window']; engine: SanitizerEngine } | undefined;
  let uses = 0;
  const svgEngine = (): SanitizerEngine => {
    if (!dom || uses >= perWindow) {
      dom?.window.close();
      const window = new JSDOM('').window;
      dom = { window, engine: createDomEngine(window) };
      uses = 0;
    }
    uses += 1;
    return dom.engine;
  };
  return {
    html: createHtmlSanitizer(RICH_TEXT_POLICY, 'html'),
    text: createHtmlSanitizer(RICH_TEXT_POLICY, 'text'),
    svg: (dirty) => svgEngine().svg(dirty),
    audit: createHtmlAudit(RICH_TEXT_POLICY),
  };
}
