/**
 * The stand-in consent manager (CMP), as the browser script it is served as: shaped like Didomi's
 * web SDK in what the site uses of it (src/ui/consent/consent.ts) and nothing more. It sets
 * `window.Didomi` (`getUserStatus`, `setUserStatus`, `getUserConsentStatusForVendor`,
 * `getVendorById`, `on`, `preferences.show`/`hide`), runs the callbacks of
 * `window.didomiOnReady` and registers those of `window.didomiEventListeners` (both also when
 * pushed later), and fires `consent.changed`, `preferences.shown` and `preferences.hidden`.
 *
 * Its "notice configuration" is the demo's: two custom vendors, `c:youtube` and `c:podcast`
 * (`STAND_IN_CMP_VENDORS`). The choice persists in local storage. Its own preference centre is
 * a modal `<dialog>` in the page's language, one switch per vendor; it shows no notice on a first
 * visit, so pages stay uncovered for the tests and the bench (embedded/README.md).
 *
 * Styles are set through the CSSOM, which the site's Content Security Policy allows. Kept as a
 * string (not a module the server imports) so that it runs the same under the bundled server and
 * under tsx; `cmp.test.ts` runs it in a DOM. No backtick and no `${` inside.
 */
export const STAND_IN_CMP_SCRIPT = String.raw`(function () {
  'use strict';
  if (window.Didomi) return;

  var STORAGE_KEY = 'stand-in-cmp';
  var VENDORS = [
    {
      id: 'c:youtube',
      purposeIds: ['select_personalized_content', 'measure_content_performance'],
      name: { fr: 'Plateforme vidéo', en: 'Video platform' },
      detail: { fr: 'Les vidéos intégrées aux pages.', en: 'Videos embedded in pages.' }
    },
    {
      id: 'c:podcast',
      purposeIds: ['select_personalized_content'],
      name: { fr: 'Lecteur de balados', en: 'Podcast player' },
      detail: { fr: 'Les balados diffusés dans les pages.', en: 'Podcasts played in pages.' }
    }
  ];
  var TEXTS = {
    fr: {
      title: 'Vos choix de confidentialité',
      intro: 'Gestionnaire de consentement de démonstration : il tient lieu de celui de l’exploitant. Choisissez les fournisseurs que le site peut utiliser.',
      save: 'Enregistrer mes choix',
      cancel: 'Annuler'
    },
    en: {
      title: 'Your privacy choices',
      intro: 'Demonstration consent manager, standing in for the operator’s. Choose which providers the site may use.',
      save: 'Save my choices',
      cancel: 'Cancel'
    }
  };

  function emptyStatus() {
    return {
      purposes: { consent: { enabled: [], disabled: [] } },
      vendors: { consent: { enabled: [], disabled: [] } }
    };
  }

  function ids(list) {
    return Array.isArray(list) ? list.filter(function (id) { return typeof id === 'string'; }) : [];
  }

  /** Only the parts the stand-in keeps, whatever it was given. */
  function clean(value) {
    var status = emptyStatus();
    if (!value || !value.purposes || !value.vendors) return status;
    var purposes = value.purposes.consent || {};
    var vendors = value.vendors.consent || {};
    status.purposes.consent.enabled = ids(purposes.enabled);
    status.purposes.consent.disabled = ids(purposes.disabled);
    status.vendors.consent.enabled = ids(vendors.enabled);
    status.vendors.consent.disabled = ids(vendors.disabled);
    return status;
  }

  function read() {
    try {
      return clean(JSON.parse(window.localStorage.getItem(STORAGE_KEY) || 'null'));
    } catch (error) {
      return emptyStatus();
    }
  }

  var status = read();
  var listeners = {};

  function emit(event) {
    (listeners[event] || []).slice().forEach(function (listener) {
      try {
        listener();
      } catch (error) {
        // One listener's error does not stop the others; it still reaches the page's handlers.
        setTimeout(function () { throw error; });
      }
    });
  }

  function on(event, listener) {
    if (typeof listener !== 'function') return;
    (listeners[event] = listeners[event] || []).push(listener);
  }

  function setStatus(next) {
    status = clean(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(status));
    } catch (error) {
      // Storage refused: the choice holds for this page only.
    }
    emit('consent.changed');
  }

  function vendorById(id) {
    for (var i = 0; i < VENDORS.length; i++) if (VENDORS[i].id === id) return VENDORS[i];
    return undefined;
  }

  function has(list, id) {
    return list.indexOf(id) !== -1;
  }

  /** As Didomi answers: true with the vendor and all its purposes, false when one is refused. */
  function vendorStatus(id) {
    var vendor = vendorById(id);
    var purposes = vendor ? vendor.purposeIds : [];
    var p = status.purposes.consent;
    var v = status.vendors.consent;
    if (has(v.disabled, id) || purposes.some(function (x) { return has(p.disabled, x); })) return false;
    if (has(v.enabled, id) && purposes.every(function (x) { return has(p.enabled, x); })) return true;
    return undefined;
  }

  function language() {
    return /^en/i.test(document.documentElement.lang || '') ? 'en' : 'fr';
  }

  function css(element, styles) {
    for (var name in styles) element.style[name] = styles[name];
    return element;
  }

  function el(tag, styles, text) {
    var element = document.createElement(tag);
    if (styles) css(element, styles);
    if (text !== undefined) element.textContent = text;
    return element;
  }

  var BUTTON = {
    font: 'inherit',
    fontWeight: '600',
    padding: '0.6em 1.1em',
    minHeight: '44px',
    borderRadius: '6px',
    border: '2px solid #0b2545',
    cursor: 'pointer'
  };

  var dialog = null;
  var opener = null;

  function hide() {
    if (!dialog) return;
    var closing = dialog;
    dialog = null;
    if (closing.open) closing.close();
    closing.remove();
    if (opener && opener.isConnected && typeof opener.focus === 'function') opener.focus();
    opener = null;
    emit('preferences.hidden');
  }

  /** Saves the switches: a vendor turned on gets its purposes; one turned off keeps them. */
  function save(switches) {
    var next = clean(status);
    var p = next.purposes.consent;
    var v = next.vendors.consent;
    switches.forEach(function (item) {
      var id = item.vendor.id;
      v.enabled = v.enabled.filter(function (x) { return x !== id; });
      v.disabled = v.disabled.filter(function (x) { return x !== id; });
      if (item.input.checked) {
        v.enabled.push(id);
        item.vendor.purposeIds.forEach(function (purpose) {
          if (!has(p.enabled, purpose)) p.enabled.push(purpose);
          p.disabled = p.disabled.filter(function (x) { return x !== purpose; });
        });
      } else {
        v.disabled.push(id);
      }
    });
    setStatus(next);
    hide();
  }

  function vendorRow(vendor, lang, index) {
    var row = el('label', { display: 'flex', gap: '0.75em', alignItems: 'flex-start', padding: '0.6em 0', borderTop: '1px solid #d0d7de', cursor: 'pointer' });
    var input = el('input', { width: '1.4em', height: '1.4em', margin: '0.1em 0 0', flex: 'none', accentColor: '#0b2545' });
    input.type = 'checkbox';
    input.setAttribute('role', 'switch');
    input.checked = vendorStatus(vendor.id) === true;
    // Named by the vendor's name alone, described by what it serves.
    var nameId = 'stand-in-cmp-name-' + index;
    var detailId = 'stand-in-cmp-detail-' + index;
    input.setAttribute('aria-labelledby', nameId);
    input.setAttribute('aria-describedby', detailId);
    var text = el('span', { display: 'flex', flexDirection: 'column', gap: '0.15em' });
    var name = el('span', { fontWeight: '600' }, vendor.name[lang]);
    name.id = nameId;
    text.appendChild(name);
    var detail = el('span', { fontSize: '0.9em' }, vendor.detail[lang]);
    detail.id = detailId;
    text.appendChild(detail);
    row.appendChild(input);
    row.appendChild(text);
    return { row: row, input: input, vendor: vendor };
  }

  function show() {
    if (dialog) return;
    var lang = language();
    var texts = TEXTS[lang];
    opener = document.activeElement;
    dialog = el('dialog', { maxWidth: 'min(28rem, calc(100vw - 2rem))', boxSizing: 'border-box', padding: '1.25rem', border: '0', borderRadius: '10px', background: '#ffffff', color: '#1a1a1a', font: '16px/1.45 system-ui, sans-serif', boxShadow: '0 8px 32px rgba(0, 0, 0, 0.35)' });
    dialog.lang = lang;
    dialog.setAttribute('data-stand-in-cmp', 'preferences');
    dialog.setAttribute('aria-labelledby', 'stand-in-cmp-title');
    dialog.setAttribute('aria-describedby', 'stand-in-cmp-intro');
    var title = el('h2', { margin: '0 0 0.5em', fontSize: '1.25em' }, texts.title);
    title.id = 'stand-in-cmp-title';
    var intro = el('p', { margin: '0 0 0.75em' }, texts.intro);
    intro.id = 'stand-in-cmp-intro';
    dialog.appendChild(title);
    dialog.appendChild(intro);
    var switches = VENDORS.map(function (vendor, index) {
      var item = vendorRow(vendor, lang, index);
      dialog.appendChild(item.row);
      return item;
    });
    var actions = el('div', { display: 'flex', flexWrap: 'wrap', gap: '0.75em', justifyContent: 'flex-end', marginTop: '1em' });
    var cancel = el('button', Object.assign({ background: '#ffffff', color: '#0b2545' }, BUTTON), texts.cancel);
    cancel.type = 'button';
    cancel.addEventListener('click', hide);
    var ok = el('button', Object.assign({ background: '#0b2545', color: '#ffffff' }, BUTTON), texts.save);
    ok.type = 'button';
    ok.addEventListener('click', function () { save(switches); });
    actions.appendChild(cancel);
    actions.appendChild(ok);
    dialog.appendChild(actions);
    // Escape closes without saving, as Cancel does.
    dialog.addEventListener('cancel', function (event) {
      event.preventDefault();
      hide();
    });
    document.body.appendChild(dialog);
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    switches[0].input.focus();
    emit('preferences.shown');
  }

  var Didomi = {
    version: 'stand-in',
    isReady: function () { return true; },
    on: on,
    getUserStatus: function () { return clean(status); },
    setUserStatus: function (next) { setStatus(next); },
    getUserConsentStatusForVendor: vendorStatus,
    getVendorById: function (id) {
      var vendor = vendorById(id);
      return vendor ? { id: vendor.id, name: vendor.name.en, purposeIds: vendor.purposeIds.slice() } : undefined;
    },
    preferences: {
      show: show,
      hide: hide,
      isVisible: function () { return dialog !== null; }
    }
  };
  window.Didomi = Didomi;

  /** Runs what the page queued in a global array, then each item pushed to it later. */
  function drain(name, run) {
    var queue = Array.isArray(window[name]) ? window[name] : [];
    window[name] = queue;
    var queued = queue.slice();
    queue.push = function () {
      for (var i = 0; i < arguments.length; i++) run(arguments[i]);
      return queue.length;
    };
    queued.forEach(run);
  }

  drain('didomiEventListeners', function (item) {
    if (item) on(item.event, item.listener);
  });
  drain('didomiOnReady', function (callback) {
    if (typeof callback === 'function') callback(Didomi);
  });
})();
`;

/** The vendor ids of the stand-in's notice: the embedded defaults map the site's vendors to them. */
export const STAND_IN_CMP_VENDORS = { video: 'c:youtube', podcast: 'c:podcast' } as const;
