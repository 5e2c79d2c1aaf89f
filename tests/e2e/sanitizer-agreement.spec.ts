/**
 * What the server's sanitiser and the browser's have in common, checked in Chromium
 * (docs/decisions/0022-server-sanitizer.md, "What is guaranteed"). The browser's side is
 * src/content/sanitize.ts as the site ships it (DOMPurify with the site's options and hooks), the
 * server's is its DOM-free sanitiser.
 *
 * - On the agreement corpus (editors' markup and the rules' cases) both give the same bytes.
 * - On raw markup of the kinds where Chromium's parser and the server's part (elements inside
 *   `<select>`, nesting past 256, frameset and body, template), the bytes may differ: which inputs
 *   differ is recorded with the corpus and checked here, so that the documentation says what is so.
 * - Everywhere: each output, put in the page as the site puts rich text, runs nothing and holds
 *   only allowed elements, attributes and URLs; and DOMPurify over the server's output gives it
 *   back byte for byte (the double pass: the browser only ever sanitises the server's output).
 */
import type { Page } from '@playwright/test';
import { SANITIZER_CORPUS, SANITIZER_DIVERGENCE_CORPUS } from '../../src/content/sanitize-corpus';
import {
  keepsImageSource,
  NEW_WINDOW_REL,
  RICH_TEXT_POLICY,
} from '../../src/content/sanitize-policy';
import { isDisguisedExternal } from '../../src/domain/links';
import { createServerSanitizer } from '../../src/server/sanitizer';
import { expect, test } from './fixtures';
import { installBrowserSanitizer, type BrowserSanitizer } from './support/browser-sanitizer';

/** The browser's sanitiser over each input: markup, text, and its pass over `again`. */
function inBrowser(page: Page, inputs: readonly string[], again: readonly string[]) {
  return page.evaluate(
    ({ inputs, again }) => {
      const sanitizer = (window as unknown as { siteSanitizer: BrowserSanitizer }).siteSanitizer;
      return inputs.map((html, i) => ({
        html: sanitizer.html(html),
        text: sanitizer.text(html),
        again: sanitizer.html(again[i] ?? ''),
      }));
    },
    { inputs: [...inputs], again: [...again] },
  );
}

interface Rendered {
  tag: string;
  namespace: string;
  attributes: [string, string][];
}

/**
 * Puts each markup in the page as the site renders rich text (the `innerHTML` of a `div`), waits
 * until every image has loaded or failed, and says what ran and which elements each holds.
 */
async function render(page: Page, markups: readonly string[]) {
  return page.evaluate(async (markups) => {
    const ran: string[] = [];
    Object.defineProperty(window, '__xss', {
      configurable: true,
      set: () => ran.push('__xss set'),
    });
    window.alert = (message?: unknown) => void ran.push(`alert(${String(message)})`);
    const holders = markups.map((markup) => {
      const holder = document.createElement('div');
      holder.innerHTML = markup;
      document.body.append(holder);
      return holder;
    });
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const elements = holders.map((holder) => {
      const all: Element[] = [];
      const stack: ParentNode[] = [holder];
      while (stack.length > 0) {
        const parent = stack.pop() as ParentNode;
        for (const element of parent.children) {
          all.push(element);
          stack.push(element);
          if (element instanceof HTMLTemplateElement) stack.push(element.content);
        }
      }
      return all.map((element) => ({
        tag: element.localName,
        namespace: element.namespaceURI ?? '',
        attributes: [...element.attributes].map((a): [string, string] => [a.name, a.value]),
      }));
    });
    holders.forEach((holder) => holder.remove());
    return { ran, elements };
  }, markups);
}

const TAGS = new Set([...RICH_TEXT_POLICY.tags, 'tbody']);
const ATTRIBUTES = new Set(RICH_TEXT_POLICY.attributes);
// eslint-disable-next-line no-control-regex -- what DOMPurify drops before testing a URL
const URL_SPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

/** What a rendered element holds that the allow-list does not allow, one line each. */
function outsidePolicy(elements: readonly Rendered[]): string[] {
  return elements.flatMap(({ tag, namespace, attributes }) => {
    const found: string[] = [];
    if (!TAGS.has(tag) || namespace !== 'http://www.w3.org/1999/xhtml') {
      found.push(`<${tag}> in ${namespace}`);
    }
    for (const [name, value] of attributes) {
      // DOMPurify empties an `is` it refuses rather than removing it: no element to upgrade to.
      const emptiedIs = name === 'is' && value === '';
      if (!ATTRIBUTES.has(name) && !/^aria-[-\w]+$/.test(name) && !emptiedIs) {
        found.push(`${name} on <${tag}>`);
      }
      // An empty URL is the page itself.
      if ((name !== 'href' && name !== 'src') || value === '') continue;
      const url = value.replace(URL_SPACE, '');
      const allowed =
        RICH_TEXT_POLICY.uri.test(url) || (tag === 'img' && /^data:image\//i.test(url));
      if (!allowed || /^(?:javascript|vbscript|data:text):?/i.test(url)) {
        found.push(`${name}="${value}" on <${tag}>`);
      }
      if (name === 'href' && isDisguisedExternal(value)) found.push(`off-site href="${value}"`);
      // A relative image would be fetched from the site (issue 33).
      if (!keepsImageSource(tag, name, url)) found.push(`relative src="${value}" on <${tag}>`);
    }
    return found;
  });
}

test('the agreement corpus: the same markup and text on both sides', async ({ page }) => {
  await installBrowserSanitizer(page);
  const server = createServerSanitizer();
  const serverHtml = SANITIZER_CORPUS.map((html) => server.html(html));
  const browser = await inBrowser(page, SANITIZER_CORPUS, serverHtml);
  const mismatches = SANITIZER_CORPUS.flatMap((html, i) => {
    const b = browser[i];
    const s = { html: serverHtml[i], text: server.text(html) };
    return b && b.html === s.html && b.text === s.text ? [] : [{ html, browser: b, server: s }];
  });
  expect(mismatches).toEqual([]);
  // The double pass gives the server's markup back.
  expect(browser.filter((b, i) => b.again !== serverHtml[i])).toEqual([]);
  const { ran, elements } = await render(page, serverHtml);
  expect(ran).toEqual([]);
  expect(elements.flatMap(outsidePolicy)).toEqual([]);
  // The corpus did exercise the rules: scripts went, the new-window rel came, images got an alt,
  // links that leave the site while looking like paths lost their href.
  expect(browser.some((b) => b.html.includes(`rel="${NEW_WINDOW_REL}"`))).toBe(true);
  expect(browser.some((b) => b.html.includes('width="300" height="200" alt=""'))).toBe(true);
  expect(browser.every((b) => !/<script|onerror|javascript:/i.test(b.html))).toBe(true);
  expect(browser.some((b) => b.html.includes('<a>protocole relatif</a>'))).toBe(true);
  expect(browser.every((b) => !/href="[\s/\\]{2}/.test(b.html))).toBe(true);
});

test('raw markup where the parsers part: safe on both sides, the double pass changes nothing, the recorded inputs differ', async ({
  page,
}) => {
  const inputs = SANITIZER_DIVERGENCE_CORPUS.map((entry) => entry.html);
  await installBrowserSanitizer(page);
  const server = createServerSanitizer();
  const serverHtml = inputs.map((html) => server.html(html));
  const browser = await inBrowser(page, inputs, serverHtml);
  const browserHtml = browser.map((b) => b.html);

  // (a) Each output, rendered, runs nothing and holds only what the allow-list allows.
  for (const [side, outputs] of [
    ['server', serverHtml],
    ['browser', browserHtml],
  ] as const) {
    const { ran, elements } = await render(page, outputs);
    expect(ran, `${side}: script ran`).toEqual([]);
    const outside = elements.flatMap((list, i) =>
      outsidePolicy(list).map(
        (problem) => `${JSON.stringify(inputs[i]?.slice(0, 60))}: ${problem}`,
      ),
    );
    expect(outside, `${side}: outside the allow-list`).toEqual([]);
  }

  // (b) The double pass: DOMPurify in Chromium over the server's output gives it back, byte for byte.
  const changed = browser.flatMap((b, i) =>
    b.again === serverHtml[i] ? [] : [{ input: inputs[i], server: serverHtml[i], again: b.again }],
  );
  expect(changed).toEqual([]);

  // (c) The inputs that differ byte-wise are the recorded ones (`differs` in
  // src/content/sanitize-corpus.ts): a change means the documentation must change with it.
  const unrecorded = SANITIZER_DIVERGENCE_CORPUS.flatMap((entry, i) => {
    const differs = browserHtml[i] !== serverHtml[i];
    return differs === entry.differs
      ? []
      : [{ input: entry.html.slice(0, 120), recorded: entry.differs, differs }];
  });
  expect(unrecorded).toEqual([]);
  const kinds = new Set(SANITIZER_DIVERGENCE_CORPUS.filter((e) => e.differs).map((e) => e.kind));
  expect([...kinds].sort()).toEqual(['depth', 'frameset-body', 'select', 'template']);
});
