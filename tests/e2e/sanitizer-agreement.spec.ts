/**
 * The browser and the server sanitise alike (issue 10, item 9; docs/decisions/0022): one corpus
 * of fragments through DOMPurify in Chromium, with the options and the hook of
 * src/content/sanitize.ts, and through the server's DOM-free sanitiser; the outputs must match.
 */
import path from 'node:path';
import { RICH_TEXT } from '../../src/content/sanitize';
import { SANITIZER_CORPUS } from '../../src/content/sanitize-corpus';
import { NEW_WINDOW_REL, RICH_TEXT_POLICY } from '../../src/content/sanitize-policy';
import { createServerSanitizer } from '../../src/server/sanitizer';
import { expect, test } from './fixtures';

interface BrowserOptions {
  tags: string[];
  attributes: string[];
  uri: { source: string; flags: string };
  rel: string;
  defaults: Record<string, Record<string, string>>;
}

test('DOMPurify in Chromium and the server sanitiser give the same markup and text', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser run is enough');
  const uri = RICH_TEXT.ALLOWED_URI_REGEXP as RegExp;
  const options: BrowserOptions = {
    tags: RICH_TEXT.ALLOWED_TAGS as string[],
    attributes: RICH_TEXT.ALLOWED_ATTR as string[],
    uri: { source: uri.source, flags: uri.flags },
    rel: NEW_WINDOW_REL,
    defaults: JSON.parse(JSON.stringify(RICH_TEXT_POLICY.defaults)) as BrowserOptions['defaults'],
  };
  expect(RICH_TEXT.ALLOW_DATA_ATTR).toBe(false);
  // A blank page: no CSP to refuse the library's script, nothing of the site's own.
  await page.setContent('<!DOCTYPE html><html><head></head><body></body></html>');
  await page.addScriptTag({
    path: path.resolve('node_modules/dompurify/dist/purify.min.js'),
  });
  const browser = await page.evaluate(
    ({ corpus, o }) => {
      interface Purifier {
        sanitize(dirty: string, config: object): string & DocumentFragment;
        addHook(name: string, hook: (node: Element) => void): void;
      }
      const purifier = (window as unknown as { DOMPurify: Purifier }).DOMPurify;
      // The hook of src/content/sanitize.ts.
      purifier.addHook('afterSanitizeAttributes', (node) => {
        if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
          node.setAttribute('rel', o.rel);
        } else if (node.tagName === 'A') {
          node.removeAttribute('target');
        }
        if (node.namespaceURI !== 'http://www.w3.org/1999/xhtml') return;
        const tag = node.tagName.toLowerCase();
        const defaults = Object.hasOwn(o.defaults, tag) ? o.defaults[tag] : undefined;
        for (const [name, value] of Object.entries(defaults ?? {})) {
          if (!node.hasAttribute(name)) node.setAttribute(name, value);
        }
      });
      const config = {
        ALLOWED_TAGS: o.tags,
        ALLOWED_ATTR: o.attributes,
        ALLOW_DATA_ATTR: false,
        ALLOWED_URI_REGEXP: new RegExp(o.uri.source, o.uri.flags),
      };
      return corpus.map((html) => ({
        html: purifier.sanitize(html, config),
        text: (
          purifier.sanitize(html, { ...config, RETURN_DOM_FRAGMENT: true }) as DocumentFragment
        ).textContent,
      }));
    },
    { corpus: [...SANITIZER_CORPUS], o: options },
  );
  const server = createServerSanitizer();
  const mismatches = SANITIZER_CORPUS.flatMap((html, i) => {
    const b = browser[i];
    const s = { html: server.html(html), text: server.text(html) };
    return b && b.html === s.html && b.text === s.text ? [] : [{ html, browser: b, server: s }];
  });
  expect(mismatches).toEqual([]);
  // The corpus did exercise the rules: scripts went, the new-window rel came, images got an alt.
  expect(browser.some((b) => b.html.includes(`rel="${NEW_WINDOW_REL}"`))).toBe(true);
  expect(browser.some((b) => b.html.includes('width="300" height="200" alt=""'))).toBe(true);
  expect(browser.every((b) => !/<script|onerror|javascript:/i.test(b.html))).toBe(true);
});
