/**
 * The rich-text allow-list applied on the server without a DOM. jsdom under DOMPurify costs
 * milliseconds per fragment and grows with every distinct one (docs/decisions/0022); here the
 * HTML is parsed by parse5, the HTML standard's parser as browsers run it for DOMParser
 * (scripting off), then walked with DOMPurify's own steps, in its order, for the options the site
 * uses, with DOMPurify's default lists (copied below from the release `DOMPURIFY_CHECKED`).
 *
 * What this gives, and what it does not (docs/decisions/0022, "What is guaranteed"): on ordinary
 * editors' markup the same bytes as the browser's DOMPurify; on raw hostile input NOT always the
 * same bytes, since Chromium's parser builds other trees than parse5 for some markup (elements
 * inside `<select>`, nesting past MAX_HTML_DEPTH, `<frameset>`/`<body>`/`<template>` after a
 * leading NUL). Guaranteed: the same allow-lists; the browser's DOMPurify over this output
 * changes nothing (the browser only ever sanitises this output again); no difference found lets
 * anything run. tests/e2e/sanitizer-agreement.spec.ts checks each claim in Chromium and records
 * which inputs differ. Only the server imports this module; the browser bundle keeps DOMPurify
 * (src/content/sanitize.ts).
 */
import { html as spec, parse, type DefaultTreeAdapterTypes as T } from 'parse5';
import { isDisguisedExternal } from '../domain/links';
import {
  defaultAttributes,
  keepsImageSource,
  NEW_WINDOW_REL,
  type HtmlPolicy,
  type Removal,
} from './sanitize-policy';

const HTML_NS = spec.NS.HTML;

/**
 * The DOMPurify release whose default lists (below) and steps this walk was copied from and
 * checked against; package.json pins the browser's DOMPurify to that exact release. Another
 * release installed fails src/content/server-sanitizer.test.ts until its lists and steps are
 * compared with these and this is raised.
 */
export const DOMPURIFY_CHECKED = '3.4.18';

/** Elements removed with their content (DOMPurify's FORBID_CONTENTS defaults). */
const FORBID_CONTENTS = new Set([
  'annotation-xml',
  'audio',
  'colgroup',
  'desc',
  'foreignobject',
  'head',
  'iframe',
  'math',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'script',
  'selectedcontent',
  'style',
  'svg',
  'template',
  'thead',
  'title',
  'video',
  'xmp',
]);
/** Attributes whose value is never a URL (DOMPurify's URI_SAFE_ATTRIBUTES defaults). */
const URI_SAFE = new Set([
  'alt',
  'class',
  'for',
  'id',
  'label',
  'name',
  'pattern',
  'placeholder',
  'role',
  'summary',
  'title',
  'value',
  'style',
  'xmlns',
]);
const DATA_URI_TAGS = new Set(['audio', 'video', 'img', 'source', 'image', 'track']);
/** Text under these is written as it is (HTML serialisation; noscript too is escaped: scripting off). */
const RAW_TEXT_PARENTS = new Set([
  'style',
  'script',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
]);
const LITERAL_TEXT = new Set([...RAW_TEXT_PARENTS, 'noscript']);
const VOID = new Set([
  'area',
  'base',
  'basefont',
  'bgsound',
  'br',
  'col',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** A form whose controls are named like these shadows DOM methods: DOMPurify drops it whole. */
const CLOBBERED = new Set([
  'nodeName',
  'textContent',
  'removeChild',
  'attributes',
  'removeAttribute',
  'removeAttributeNode',
  'getAttributeNode',
  'setAttribute',
  'namespaceURI',
  'insertBefore',
  'hasChildNodes',
  'nodeType',
  'childNodes',
]);
const FORM_NAMED = new Set([
  'button',
  'fieldset',
  'input',
  'object',
  'output',
  'select',
  'textarea',
  'img',
]);

/** DOMPurify's defaults as copied here, for the test that compares them with the release's. */
export const DOMPURIFY_LISTS = {
  forbidContents: FORBID_CONTENTS,
  uriSafeAttributes: URI_SAFE,
  dataUriTags: DATA_URI_TAGS,
  clobberedProperties: CLOBBERED,
};

// DOMPurify's markup probes are global expressions whose lastIndex carries from one test to the
// next, so a few odd fragments (text that reads like a tag next to a comment) come out one way or
// the other depending on what came before. These are not global: the same input always gives the
// same output (the memos in sanitize.ts rely on it), the stricter of the two.
const ELEMENT_MARKUP_PROBE = /<[/\w!]/;
// eslint-disable-next-line no-control-regex -- controls and spaces are what it removes
const ATTR_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const ARIA_ATTR = /^aria-[-\w]+$/;
const ATTR_VALUE_BREAKOUT =
  /((--!?|])>)|<\/(style|script|title|xmp|textarea|noscript|iframe|noembed|noframes)/i;
const LEADING_WHITESPACE = /^[\r\n\t ]+/;

/**
 * Elements nested deeper than this are dropped with their content: no editor writes it, and it
 * keeps every walk short (browsers stop nesting at 512 and would build another tree anyway). The
 * browser's DOMPurify keeps them: one of the recorded differences on raw input.
 */
export const MAX_HTML_DEPTH = 256;

type Node = T.ChildNode;
type Parent = T.ParentNode;

const isElement = (node: Node | Parent): node is T.Element => 'tagName' in node;
const isText = (node: Node): node is T.TextNode => node.nodeName === '#text';
const isComment = (node: Node): node is T.CommentNode => node.nodeName === '#comment';

const lower = (s: string) => s.toLowerCase();

function attrName(attr: T.Element['attrs'][number]): string {
  return attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name;
}

function escapeText(text: string): string {
  if (!/[&<>\u00a0]/.test(text)) return text;
  return text
    .replace(/&/g, '&amp;')
    .replace(/\u00a0/g, '&nbsp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

// Browsers escape < and > in attribute values too (the HTML standard since 2025).
function escapeAttribute(value: string): string {
  if (!/[&"<>\u00a0]/.test(value)) return value;
  return value
    .replace(/&/g, '&amp;')
    .replace(/\u00a0/g, '&nbsp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function childrenOf(node: Parent): Node[] {
  return isElement(node) && node.tagName === 'template'
    ? (node as T.Template).content.childNodes
    : node.childNodes;
}

/**
 * `innerHTML` of a node. Recursive, which is fast: it only ever meets trees the walk has already
 * cut to MAX_HTML_DEPTH, or an element without element children.
 */
function serializeChildren(parent: Parent): string {
  let out = '';
  const raw =
    isElement(parent) && parent.namespaceURI === HTML_NS && RAW_TEXT_PARENTS.has(parent.tagName);
  for (const node of childrenOf(parent)) {
    if (isText(node)) out += raw ? node.value : escapeText(node.value);
    else if (isComment(node)) out += `<!--${node.data}-->`;
    else if (isElement(node)) {
      out += `<${node.tagName}`;
      for (const a of node.attrs) out += ` ${attrName(a)}="${escapeAttribute(a.value)}"`;
      out += '>';
      if (node.namespaceURI === HTML_NS && VOID.has(node.tagName)) continue;
      out += `${serializeChildren(node)}</${node.tagName}>`;
    }
  }
  return out;
}

/** `textContent` of a node, without recursion. */
export function textContent(parent: Parent): string {
  const out: string[] = [];
  const stack: Node[] = [...parent.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (isText(node)) out.push(node.value);
    else if (isElement(node)) {
      for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push(node.childNodes[i] as Node);
    }
  }
  return out.join('');
}

function isClobberedForm(form: T.Element): boolean {
  const stack: Node[] = [...form.childNodes];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (!isElement(node)) continue;
    if (FORM_NAMED.has(node.tagName)) {
      for (const attr of node.attrs) {
        if ((attr.name === 'id' || attr.name === 'name') && CLOBBERED.has(attr.value)) return true;
      }
    }
    stack.push(...node.childNodes);
  }
  return false;
}

/** DOMPurify's structural checks, which condemn a node whatever the allow-list says. */
function isUnsafeElement(node: T.Element, tag: string): boolean {
  const hasElementChild = node.childNodes.some(isElement);
  if (
    node.childNodes.length > 0 &&
    !hasElementChild &&
    ELEMENT_MARKUP_PROBE.test(textContent(node)) &&
    ELEMENT_MARKUP_PROBE.test(serializeChildren(node))
  ) {
    return true;
  }
  return (
    LITERAL_TEXT.has(tag) &&
    node.namespaceURI === HTML_NS &&
    (hasElementChild || ELEMENT_MARKUP_PROBE.test(textContent(node)))
  );
}

function getAttribute(node: T.Element, name: string): string | null {
  return node.attrs.find((a) => a.name === name)?.value ?? null;
}

function setAttribute(node: T.Element, name: string, value: string): void {
  const existing = node.attrs.find((a) => a.name === name);
  if (existing) existing.value = value;
  else node.attrs.push({ name, value });
}

type SanitizeOutput = 'html' | 'text';

class Sanitizer {
  private readonly tags: ReadonlySet<string>;
  private readonly attributes: ReadonlySet<string>;
  /** What the run under way removed, when its caller asked (`audit`). */
  private removed: Removal[] | undefined;

  constructor(
    private readonly policy: HtmlPolicy,
    private readonly output: SanitizeOutput,
  ) {
    this.tags = new Set([...policy.tags, ...(policy.tags.includes('table') ? ['tbody'] : [])]);
    this.attributes = new Set(policy.attributes);
  }

  private validAttribute(tag: string, name: string, value: string): boolean {
    if (name === 'patchsrc' || (name === 'for' && tag !== 'label' && tag !== 'output'))
      return false;
    if (ARIA_ATTR.test(name)) return true;
    if (!this.attributes.has(name)) return false;
    if (URI_SAFE.has(name)) return true;
    if (this.policy.uri.test(value.replace(ATTR_WHITESPACE, ''))) return true;
    if (
      (name === 'src' || name === 'xlink:href' || name === 'href') &&
      tag !== 'script' &&
      value.startsWith('data:') &&
      DATA_URI_TAGS.has(tag)
    ) {
      return true;
    }
    return !value;
  }

  /** False when the element itself must go (an `is` attribute on a returned tree). */
  private sanitizeAttributes(node: T.Element, tag: string): boolean {
    const attrs = node.attrs;
    let keep = true;
    for (let l = attrs.length - 1; l >= 0; l--) {
      const attr = attrs[l];
      if (!attr) continue;
      const name = attrName(attr);
      const lcName = lower(name);
      const initial = attr.value;
      const value = name === 'value' ? initial : initial.trim();
      const remove = () => {
        attrs.splice(l, 1);
        this.removed?.push({ attribute: lcName, value: initial, tag });
        // DOMPurify keeps an emptied `is` on markup and drops the element from a returned tree.
        if (name === 'is') {
          if (this.output === 'text') keep = false;
          else attrs.push({ name: 'is', value: '' });
        }
      };
      if (
        ATTR_VALUE_BREAKOUT.test(value) ||
        // The site's own rule, as the browser's hook applies it (sanitize.ts): no `href` that
        // leaves the site while looking like a path (docs/security.md).
        (lcName === 'href' && isDisguisedExternal(value)) ||
        (lcName === 'attributename' && value.includes('href')) ||
        !keepsImageSource(tag, lcName, value.replace(ATTR_WHITESPACE, '')) ||
        !this.validAttribute(tag, lcName, value)
      ) {
        remove();
        continue;
      }
      if (value !== initial) attr.value = value;
    }
    // The site's one hook (sanitize.ts): new-window links lose their opener, others the target.
    if (node.namespaceURI === HTML_NS && tag === 'a') {
      if (getAttribute(node, 'target') === '_blank') setAttribute(node, 'rel', NEW_WINDOW_REL);
      else node.attrs = node.attrs.filter((a) => a.name !== 'target');
    }
    if (node.namespaceURI === HTML_NS) {
      const defaults = defaultAttributes(this.policy, tag);
      for (const [name, value] of Object.entries(defaults ?? {})) {
        if (getAttribute(node, name) === null) setAttribute(node, name, value);
      }
    }
    return keep;
  }

  /** What becomes of one node: kept, removed with its content, or replaced by its children. */
  private visit(node: Node, parent: Parent, depth: number): 'keep' | 'remove' | 'hoist' {
    if (isText(node)) return 'keep';
    if (isComment(node)) return 'remove';
    if (!isElement(node)) return 'remove';
    if (depth > MAX_HTML_DEPTH) return 'remove';
    const tag = lower(node.tagName);
    if (tag === 'form' && isClobberedForm(node)) return 'remove';
    if (isUnsafeElement(node, tag)) return 'remove';
    if (!this.tags.has(tag)) return FORBID_CONTENTS.has(tag) ? 'remove' : 'hoist';
    // Allowed names are HTML elements with an HTML parent; anything else is namespace confusion.
    if (node.namespaceURI !== HTML_NS) return 'remove';
    if (isElement(parent) && parent.namespaceURI !== HTML_NS) return 'remove';
    return this.sanitizeAttributes(node, tag) ? 'keep' : 'remove';
  }

  /** Walks the body's descendants in document order, as DOMPurify's node iterator does. */
  private walk(body: T.Element): void {
    const stack: { parent: Parent; index: number; depth: number }[] = [
      { parent: body, index: 0, depth: 1 },
    ];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as (typeof stack)[number];
      const children = frame.parent.childNodes;
      const node = children[frame.index];
      if (!node) {
        stack.pop();
        continue;
      }
      const fate = this.visit(node, frame.parent, frame.depth);
      if (fate !== 'keep' && this.removed && isElement(node)) {
        this.removed.push({ element: lower(node.tagName) });
      }
      switch (fate) {
        case 'remove':
          children.splice(frame.index, 1);
          break;
        case 'hoist': {
          const hoisted = isElement(node) ? node.childNodes : [];
          hoisted.forEach((child) => (child.parentNode = frame.parent));
          children.splice(frame.index, 1, ...hoisted);
          break;
        }
        case 'keep':
          frame.index++;
          if (isElement(node) && node.childNodes.length > 0) {
            stack.push({ parent: node, index: 0, depth: frame.depth + 1 });
          }
          break;
      }
    }
  }

  /** The clean output and what the walk removed on the way (elements and attributes). */
  audit(dirty: string): { output: string; removed: Removal[] } {
    const removed: Removal[] = [];
    this.removed = removed;
    try {
      return { output: this.run(dirty), removed };
    } finally {
      this.removed = undefined;
    }
  }

  run(dirty: string): string {
    if (!dirty) return '';
    if (this.output === 'html' && !dirty.includes('<')) return dirty;
    const doc = parse(dirty, { scriptingEnabled: false });
    const html = doc.childNodes.find(isElement);
    const body = html?.childNodes.find((n): n is T.Element => isElement(n) && n.tagName === 'body');
    if (!body) return '';
    const leading = LEADING_WHITESPACE.exec(dirty)?.[0];
    if (leading) {
      body.childNodes.unshift({ nodeName: '#text', value: leading, parentNode: body });
    }
    this.walk(body);
    return this.output === 'html' ? serializeChildren(body) : textContent(body);
  }
}

/** A sanitiser for a policy: `html` gives the clean markup, `text` the text of that markup. */
export function createHtmlSanitizer(
  policy: HtmlPolicy,
  output: SanitizeOutput,
): (dirty: string) => string {
  const sanitizer = new Sanitizer(policy, output);
  return (dirty) => sanitizer.run(dirty);
}

/** Clean markup for a policy, with what was removed from it (for editors' diagnostics). */
export function createHtmlAudit(
  policy: HtmlPolicy,
): (dirty: string) => { html: string; removed: Removal[] } {
  const sanitizer = new Sanitizer(policy, 'html');
  return (dirty) => {
    const { output, removed } = sanitizer.audit(dirty);
    return { html: output, removed };
  };
}
