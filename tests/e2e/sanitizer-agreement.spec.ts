/**
 * The browser and the server sanitise alike (issue 10, item 9; docs/decisions/0022): one corpus
 * of fragments through the browser's sanitiser in Chromium (src/content/sanitize.ts as the site
 * ships it: DOMPurify with the site's options and hooks) and through the server's DOM-free
 * sanitiser; the outputs must match.
 */
import { SANITIZER_CORPUS } from '../../src/content/sanitize-corpus';
import { NEW_WINDOW_REL } from '../../src/content/sanitize-policy';
import { createServerSanitizer } from '../../src/server/sanitizer';
import { expect, test } from './fixtures';
import { installBrowserSanitizer, type BrowserSanitizer } from './support/browser-sanitizer';

test('DOMPurify in Chromium and the server sanitiser give the same markup and text', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one browser run is enough');
  await installBrowserSanitizer(page);
  const browser = await page.evaluate(
    (corpus) => {
      const sanitizer = (window as unknown as { siteSanitizer: BrowserSanitizer }).siteSanitizer;
      return corpus.map((html) => ({ html: sanitizer.html(html), text: sanitizer.text(html) }));
    },
    [...SANITIZER_CORPUS],
  );
  const server = createServerSanitizer();
  const mismatches = SANITIZER_CORPUS.flatMap((html, i) => {
    const b = browser[i];
    const s = { html: server.html(html), text: server.text(html) };
    return b && b.html === s.html && b.text === s.text ? [] : [{ html, browser: b, server: s }];
  });
  expect(mismatches).toEqual([]);
  // The corpus did exercise the rules: scripts went, the new-window rel came, images got an alt,
  // links that leave the site while looking like paths lost their href.
  expect(browser.some((b) => b.html.includes(`rel="${NEW_WINDOW_REL}"`))).toBe(true);
  expect(browser.some((b) => b.html.includes('width="300" height="200" alt=""'))).toBe(true);
  expect(browser.every((b) => !/<script|onerror|javascript:/i.test(b.html))).toBe(true);
  expect(browser.some((b) => b.html.includes('<a>protocole relatif</a>'))).toBe(true);
  expect(browser.every((b) => !/href="[\s/\\]{2}/.test(b.html))).toBe(true);
});
