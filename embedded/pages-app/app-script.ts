/**
 * The stand-in Pages app's script and style sheet, served as files (its page has no inline script
 * or style). The script speaks the Pages app's side of the editing protocol with the framed site
 * page: it answers `initialize` with `updateState`, then shows the stand-in editor's
 * `standInOutlined` report. Messages are JSON strings, taken only from the site's origin and the
 * frame's window. It states what happened on the status line and on `document.body.dataset`
 * (`handshake`: initialized, updated, outlined; `page`, `areas`, `components`) for browser tests.
 *
 * Plain ES2017 kept as a string, like the stand-in widget (`embedded/widget/script.ts`): no
 * backtick and no `${` inside. `pages-app.test.ts` runs it in a DOM.
 */
export const APP_SCRIPT = String.raw`(function () {
  'use strict';
  var body = document.body;
  var frame = document.getElementById('page-frame');
  var status = document.getElementById('status');
  if (!frame || !status) return;
  var siteOrigin = body.dataset.siteOrigin || '';
  var nodePath = body.dataset.nodePath || '';
  var view = body.dataset.mode === 'preview' ? 'view' : 'edit';

  function say(text) {
    status.textContent = text;
  }

  function count(value) {
    return typeof value === 'number' && value >= 0 && value % 1 === 0 ? value : null;
  }

  function plural(n, word) {
    return n + ' ' + word + (n === 1 ? '' : 's');
  }

  function initialize(origin) {
    body.dataset.handshake = 'initialized';
    if (!nodePath) {
      say('initialize received from ' + origin + '; no page node for this path: nothing to edit');
      return;
    }
    var serverUrl =
      window.location.origin +
      '/author/.magnolia/admincentral#app:pages:detail;' +
      nodePath +
      ':' +
      view;
    frame.contentWindow.postMessage(
      JSON.stringify({ action: 'updateState', serverUrl: serverUrl, selectedComponentVariants: {} }),
      siteOrigin
    );
    body.dataset.handshake = 'updated';
    say('initialize received from ' + origin + '; updateState sent');
  }

  function outlined(data) {
    var page = count(data.page);
    var areas = count(data.areas);
    var components = count(data.components);
    if (page === null || areas === null || components === null) return;
    body.dataset.page = String(page);
    body.dataset.areas = String(areas);
    body.dataset.components = String(components);
    body.dataset.handshake = 'outlined';
    say(
      'outlined: ' +
        plural(page, 'page') +
        ', ' +
        plural(areas, 'area') +
        ', ' +
        plural(components, 'component')
    );
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== siteOrigin || event.source !== frame.contentWindow) return;
    if (typeof event.data !== 'string') return;
    var data;
    try {
      data = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    if (!data || typeof data !== 'object') return;
    if (data.action === 'initialize') initialize(event.origin);
    else if (data.action === 'standInOutlined') outlined(data);
  });
  say('waiting for the page to say initialize');
})();
`;

export const APP_STYLE = `html,
body {
  margin: 0;
  height: 100%;
  font: 14px/1.4 system-ui, sans-serif;
  color: #1d1d1f;
}
body {
  display: flex;
  flex-direction: column;
}
.bar {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 24px;
  padding: 8px 16px;
  background: #f2f2f4;
  border-bottom: 1px solid #c8c8cc;
}
.bar h1 {
  margin: 0;
  font-size: 16px;
}
.bar ul {
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  margin: 0;
  padding: 0;
  list-style: none;
}
.bar a {
  color: #0b57d0;
}
.bar a[aria-current] {
  color: inherit;
  font-weight: 600;
  text-decoration: none;
}
#status {
  margin: 0;
  flex-basis: 100%;
  font-family: ui-monospace, monospace;
}
iframe {
  flex: 1;
  width: 100%;
  border: 0;
}
`;
