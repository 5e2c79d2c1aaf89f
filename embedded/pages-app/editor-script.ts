/**
 * The stand-in of Magnolia's page editor script and style sheet, which the site's editor bridge
 * loads into the framed page once the Pages app has sent `updateState`. It defines
 * `window.mgnlFrameReady` and `window.mgnlRefresh`; each reads the page's annotation comments
 * (`cms:page`, `cms:area` … `/cms:area`, `cms:component` … `/cms:component`), pairs them, draws an
 * outline with a label over what each area and component holds, and reports to the Pages app
 * (`{action: 'standInOutlined', page, areas, components}`, a JSON string, to the script's own
 * origin). Unbalanced comments: what pairs counts, the rest is ignored; it never throws.
 *
 * Boxes are styled through the CSSOM (`element.style.x = …`), which the site's Content Security
 * Policy allows, so they show even where the style sheet is not loaded.
 *
 * Plain ES2017 kept as a string, like the stand-in widget (`embedded/widget/script.ts`): no
 * backtick and no `${` inside. `pages-app.test.ts` runs it in a DOM.
 */
export const EDITOR_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var ownOrigin = '';
  try {
    ownOrigin = script && script.src ? new URL(script.src, window.location.href).origin : '';
  } catch (error) {
    ownOrigin = '';
  }
  var CONTAINER_ID = 'mgnl-standin-outlines';
  var OPEN = /^cms:(page|area|component)(?:\s|$)/;
  var CLOSE = /^\/cms:(page|area|component)$/;
  var ATTRIBUTE = /([\w-]+)="([^"]*)"/g;
  var MIN_HEIGHT = 24;
  var COLOURS = { area: '#0b57d0', component: '#c05600' };

  function attributesOf(text) {
    var found = {};
    var match;
    ATTRIBUTE.lastIndex = 0;
    while ((match = ATTRIBUTE.exec(text))) found[match[1]] = match[2];
    return found;
  }

  // The annotations' comments in document order, paired: an area or a component is open from
  // its comment to the closing comment of its kind; what never closes is left out.
  function pairs() {
    var walker = document.createTreeWalker(document, NodeFilter.SHOW_COMMENT);
    var open = [];
    var closed = [];
    var page = 0;
    var order = 0;
    var node;
    while ((node = walker.nextNode())) {
      var text = String(node.data || '').trim();
      var closing = CLOSE.exec(text);
      if (closing) {
        for (var i = open.length - 1; i >= 0; i--) {
          if (open[i].kind !== closing[1]) continue;
          var item = open[i];
          open.length = i;
          item.end = node;
          closed.push(item);
          if (item.kind === 'component') {
            for (var j = open.length - 1; j >= 0; j--) {
              if (open[j].kind === 'area') {
                open[j].components += 1;
                break;
              }
            }
          }
          break;
        }
        continue;
      }
      var opening = OPEN.exec(text);
      if (!opening) continue;
      if (opening[1] === 'page') {
        page = 1;
        continue;
      }
      open.push({
        kind: opening[1],
        attributes: attributesOf(text),
        start: node,
        end: null,
        components: 0,
        order: order++
      });
    }
    closed.sort(function (a, b) {
      return a.order - b.order;
    });
    return { page: page, items: closed };
  }

  // The union of the boxes of the elements between the two comments; for an empty one, a thin
  // box where its comment sits; none when it is hidden.
  function rectOf(item) {
    var box = null;
    for (var node = item.start.nextSibling; node && node !== item.end; node = node.nextSibling) {
      if (node.nodeType !== 1) continue;
      var r = node.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      box = box
        ? {
            left: Math.min(box.left, r.left),
            top: Math.min(box.top, r.top),
            right: Math.max(box.right, r.right),
            bottom: Math.max(box.bottom, r.bottom)
          }
        : { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }
    if (box) return box;
    var parent = item.start.parentNode;
    var p = parent && parent.nodeType === 1 ? parent.getBoundingClientRect() : null;
    // Inside something hidden (a closed panel, another tab): nothing to outline on screen.
    if (parent && parent.nodeType === 1 && parent.closest('[hidden]')) return null;
    // Where the comment sits: under the element before it, else at the top of its parent.
    var before = item.start.previousElementSibling;
    var b = before ? before.getBoundingClientRect() : null;
    if (b && (b.width > 0 || b.height > 0)) {
      return { left: b.left, top: b.bottom, right: b.right, bottom: b.bottom };
    }
    return p
      ? { left: p.left, top: p.top, right: p.right, bottom: p.top }
      : { left: 0, top: 0, right: 0, bottom: 0 };
  }

  function draw(container, origin, item) {
    var rect = rectOf(item);
    if (!rect) return;
    var attributes = item.attributes;
    var box = document.createElement('div');
    box.className = 'mgnl-standin-outline';
    box.dataset.kind = item.kind;
    box.dataset.content = attributes.content || '';
    var text;
    if (item.kind === 'area') {
      box.dataset.name = attributes.name || '';
      text = (attributes.name || 'area') + (item.components === 0 ? ' (empty)' : '');
    } else {
      box.dataset.dialog = attributes.dialog || '';
      text = attributes.dialog || 'no dialog';
    }
    var style = box.style;
    style.position = 'absolute';
    style.boxSizing = 'border-box';
    style.left = rect.left - origin.left + 'px';
    style.top = rect.top - origin.top + 'px';
    style.width = Math.max(rect.right - rect.left, 0) + 'px';
    style.height = Math.max(rect.bottom - rect.top, MIN_HEIGHT) + 'px';
    style.border = '2px ' + (item.kind === 'area' ? 'dashed ' : 'solid ') + COLOURS[item.kind];
    style.pointerEvents = 'none';
    var label = document.createElement('span');
    label.className = 'mgnl-standin-label';
    label.textContent = text;
    var labelStyle = label.style;
    labelStyle.position = 'absolute';
    labelStyle.top = '0';
    if (item.kind === 'area') labelStyle.left = '0';
    else labelStyle.right = '0';
    labelStyle.pointerEvents = 'auto';
    labelStyle.background = COLOURS[item.kind];
    labelStyle.color = '#fff';
    labelStyle.font = '12px/1.4 system-ui, sans-serif';
    labelStyle.padding = '0 4px';
    box.appendChild(label);
    container.appendChild(box);
  }

  function report(result) {
    if (!ownOrigin || window.parent === window) return;
    window.parent.postMessage(
      JSON.stringify({
        action: 'standInOutlined',
        page: result.page,
        areas: result.areas,
        components: result.components
      }),
      ownOrigin
    );
  }

  function refresh() {
    var result = { page: 0, areas: 0, components: 0 };
    try {
      var old = document.getElementById(CONTAINER_ID);
      if (old && old.parentNode) old.parentNode.removeChild(old);
      var found = pairs();
      result.page = found.page;
      var container = document.createElement('div');
      container.id = CONTAINER_ID;
      container.className = 'mgnl-standin-outlines';
      var style = container.style;
      style.position = 'absolute';
      style.left = '0';
      style.top = '0';
      style.width = '0';
      style.height = '0';
      style.zIndex = '2147483000';
      style.pointerEvents = 'none';
      document.body.appendChild(container);
      // Boxes are placed from the container's own corner, wherever the page puts it.
      var origin = container.getBoundingClientRect();
      found.items.forEach(function (item) {
        if (item.kind === 'area') result.areas += 1;
        else result.components += 1;
        try {
          draw(container, origin, item);
        } catch (error) {
          // A box that cannot be drawn is left out; the count stays.
        }
      });
    } catch (error) {
      // Whatever failed, the Pages app still hears what was counted.
    }
    report(result);
  }

  window.mgnlFrameReady = function () {
    refresh();
  };
  window.mgnlRefresh = function () {
    refresh();
  };
})();
`;

export const EDITOR_STYLE = `.mgnl-standin-outline {
  box-sizing: border-box;
  pointer-events: none;
}
.mgnl-standin-outline[data-kind='area'] {
  border: 2px dashed #0b57d0;
}
.mgnl-standin-outline[data-kind='component'] {
  border: 2px solid #c05600;
}
.mgnl-standin-label {
  pointer-events: auto;
  font: 12px/1.4 system-ui, sans-serif;
  color: #fff;
  white-space: nowrap;
}
`;
