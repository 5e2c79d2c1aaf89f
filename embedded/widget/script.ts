/**
 * The stand-in betting widget, as the browser script it is served as. Plain ES2017, no framework,
 * no network call: it keeps a few fixed demonstration events and says so on screen.
 *
 * It implements the host contract of `src/features/sports-area/widget-host.ts` (see
 * docs/decisions/0008-betting-widget-host.md): `window.SportsWidget = { mount, setLocale,
 * setRoute, unmount }`, and announces itself with `CustomEvent`s on its container:
 * `widget:ready`, `widget:route`, `widget:locale`, `widget:selection`.
 *
 * Styles are set through the CSSOM (`element.style.x = ...`), which the site's Content Security
 * Policy allows, unlike `style` attributes or inline `<style>` elements.
 *
 * Kept as a string (not a module the server imports) so that it runs the same under the bundled
 * server and under tsx; `widget.test.ts` runs it in a DOM to keep it honest. No backtick and no
 * `${` inside.
 */
export const WIDGET_SCRIPT = String.raw`(function () {
  'use strict';
  if (window.SportsWidget) return;

  var ROUTE_BASE = '/sports/';
  var IN_PLAY_SEGMENT = { fr: 'en-jeux', en: 'in-play' };

  var TEXTS = {
    fr: {
      lang: 'fr-CA',
      brand: 'Paris sportifs',
      demo: 'Widget de démonstration : matchs et cotes fictifs, aucun pari ne peut être placé.',
      nav: 'Sections des paris sportifs',
      upcoming: 'À venir',
      inPlay: 'En jeu',
      upcomingTitle: 'Matchs à venir',
      inPlayTitle: 'Matchs en jeu',
      inPlayNote: 'Aucune donnée en direct : ces scores d’exemple ne changent pas.',
      sports: { hockey: 'Hockey', soccer: 'Soccer', basketball: 'Basketball' },
      draw: 'Nul',
      versus: 'contre',
      oddsFor: function (home, away) {
        return 'Cotes du match ' + home + ' contre ' + away;
      },
      sample: 'Exemple',
      noSelection: 'Aucune sélection.',
      selections: function (n) {
        return n === 1 ? '1 sélection' : n + ' sélections';
      },
      slipNote: 'Les paris sont désactivés dans cette démonstration.',
      clear: 'Tout retirer'
    },
    en: {
      lang: 'en-CA',
      brand: 'Sports betting',
      demo: 'Demonstration widget: fictional games and odds, no bet can be placed.',
      nav: 'Sports betting sections',
      upcoming: 'Upcoming',
      inPlay: 'In play',
      upcomingTitle: 'Upcoming games',
      inPlayTitle: 'Games in play',
      inPlayNote: 'No live data: these sample scores never change.',
      sports: { hockey: 'Hockey', soccer: 'Soccer', basketball: 'Basketball' },
      draw: 'Draw',
      versus: 'vs',
      oddsFor: function (home, away) {
        return 'Odds for ' + home + ' vs ' + away;
      },
      sample: 'Sample',
      noSelection: 'No selection.',
      selections: function (n) {
        return n === 1 ? '1 selection' : n + ' selections';
      },
      slipNote: 'Betting is turned off in this demonstration.',
      clear: 'Remove all'
    }
  };

  // Fixed demonstration data: team names are fictional, times are local times of day.
  var UPCOMING = [
    { id: 'h1', sport: 'hockey', home: 'Montréal Aurores', away: 'Québec Harfangs', time: [19, 0], odds: [2.1, 3.9, 2.85] },
    { id: 'h2', sport: 'hockey', home: 'Toronto Lynx', away: 'Ottawa Bisons', time: [19, 30], odds: [1.95, 4.1, 3.2] },
    { id: 's1', sport: 'soccer', home: 'CF Laurentides', away: 'Halifax Marée', time: [13, 0], odds: [1.8, 3.5, 4.25] },
    { id: 's2', sport: 'soccer', home: 'Vancouver Cascades', away: 'Calgary Rocheuses', time: [16, 0], odds: [2.4, 3.2, 2.9] },
    { id: 'b1', sport: 'basketball', home: 'Winnipeg Blizzard', away: 'Edmonton Pionniers', time: [20, 0], odds: [1.65, null, 2.25] },
    { id: 'b2', sport: 'basketball', home: 'Regina Comètes', away: 'Saskatoon Faucons', time: [21, 0], odds: [2.05, null, 1.78] }
  ];
  var IN_PLAY = [
    { id: 'l1', sport: 'hockey', home: 'Laval Étoiles', away: 'Sherbrooke Castors', score: [2, 1], period: { fr: '2e période', en: '2nd period' }, odds: [1.55, 4.6, 4.8] },
    { id: 'l2', sport: 'soccer', home: 'Gatineau Rivière', away: 'Moncton Marées', score: [0, 0], period: { fr: '1re demie', en: '1st half' }, odds: [2.6, 2.9, 3.1] },
    { id: 'l3', sport: 'basketball', home: 'Victoria Orques', away: 'Kelowna Vignerons', score: [54, 61], period: { fr: '3e quart', en: '3rd quarter' }, odds: [2.7, null, 1.48] }
  ];
  var SPORTS = ['hockey', 'soccer', 'basketball'];

  var COLORS = {
    text: '#15232c',
    muted: '#4a5a64',
    line: '#d5dbe0',
    surface: '#ffffff',
    soft: '#f4f5f6',
    dark: '#15232c',
    onDark: '#ffffff',
    accent: '#f2b705',
    noteBg: '#fff4d6',
    noteText: '#5c3d00'
  };

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

  function isPlainClick(event) {
    return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  }

  function viewOf(route) {
    var segments = route.split('?')[0].split('/');
    var last = segments[segments.length - 1] || segments[segments.length - 2];
    return last === IN_PLAY_SEGMENT.fr || last === IN_PLAY_SEGMENT.en ? 'in-play' : 'upcoming';
  }

  function routeOf(locale, view) {
    return ROUTE_BASE + locale + (view === 'in-play' ? '/' + IN_PLAY_SEGMENT[locale] : '');
  }

  function formatOdds(locale, value) {
    return new Intl.NumberFormat(TEXTS[locale].lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  }

  function formatTime(locale, time) {
    var date = new Date(2000, 0, 1, time[0], time[1]);
    return new Intl.DateTimeFormat(TEXTS[locale].lang, { hour: 'numeric', minute: '2-digit' }).format(date);
  }

  var state = null;

  function emit(name, detail) {
    if (state) state.container.dispatchEvent(new CustomEvent(name, { detail: detail, bubbles: true }));
  }

  function texts() {
    return TEXTS[state.locale];
  }

  function go(view) {
    var route = routeOf(state.locale, view);
    showRoute(route);
    // The host puts the route in the address bar; it may refuse (then the view stays ours).
    if (state.navigate) state.navigate(route);
  }

  function navLink(view) {
    var link = el('a', {
      display: 'inline-flex',
      alignItems: 'center',
      minHeight: '44px',
      padding: '0 1rem',
      color: COLORS.text,
      textDecoration: 'none',
      fontWeight: '700',
      borderBottom: '3px solid transparent'
    });
    link.dataset.view = view;
    link.addEventListener('click', function (event) {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      go(view);
    });
    return link;
  }

  function build() {
    var root = el('section', {
      fontFamily: 'inherit',
      color: COLORS.text,
      background: COLORS.surface,
      border: '1px solid ' + COLORS.line,
      borderRadius: '8px',
      overflow: 'hidden'
    });
    root.className = 'pbw-root';
    var top = el('div', {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '0.5rem',
      padding: '0 1rem',
      borderBottom: '1px solid ' + COLORS.line,
      background: COLORS.soft
    });
    var brand = el('p', { margin: '0', padding: '0.5rem 0', fontWeight: '800', fontSize: '1.125rem' });
    var nav = el('nav');
    var list = el('ul', { display: 'flex', margin: '0', padding: '0', listStyle: 'none', gap: '0.25rem' });
    var upcoming = navLink('upcoming');
    var inPlay = navLink('in-play');
    var li1 = el('li');
    var li2 = el('li');
    li1.appendChild(upcoming);
    li2.appendChild(inPlay);
    list.appendChild(li1);
    list.appendChild(li2);
    nav.appendChild(list);
    top.appendChild(brand);
    top.appendChild(nav);
    var note = el('p', {
      margin: '0',
      padding: '0.5rem 1rem',
      background: COLORS.noteBg,
      color: COLORS.noteText,
      fontSize: '0.875rem'
    });
    var panel = el('div', { padding: '0 1rem 1rem' });
    // Not an <aside>: a complementary landmark may not sit inside the page's <main>.
    var slip = el('div', {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: '0.5rem 1rem',
      padding: '0.75rem 1rem',
      borderTop: '1px solid ' + COLORS.line,
      background: COLORS.soft,
      fontSize: '0.875rem'
    });
    var slipStatus = el('p', { margin: '0', fontWeight: '700' });
    slipStatus.setAttribute('role', 'status');
    var slipNote = el('p', { margin: '0', color: COLORS.muted });
    var clear = el('button', {
      minHeight: '44px',
      padding: '0 1rem',
      border: '1px solid ' + COLORS.dark,
      borderRadius: '999px',
      background: COLORS.surface,
      color: COLORS.text,
      font: 'inherit',
      cursor: 'pointer'
    });
    clear.type = 'button';
    clear.addEventListener('click', function () {
      state.selected = {};
      updateSelections();
    });
    slip.appendChild(slipStatus);
    slip.appendChild(slipNote);
    slip.appendChild(clear);
    root.appendChild(top);
    root.appendChild(note);
    root.appendChild(panel);
    root.appendChild(slip);
    return {
      root: root,
      brand: brand,
      nav: nav,
      links: { upcoming: upcoming, 'in-play': inPlay },
      note: note,
      panel: panel,
      slip: slip,
      slipStatus: slipStatus,
      slipNote: slipNote,
      clear: clear
    };
  }

  function oddsButton(event, index, label) {
    var key = event.id + ':' + index;
    var button = el('button', {
      display: 'inline-flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      minWidth: '5.25rem',
      minHeight: '44px',
      padding: '0.25rem 0.5rem',
      border: '2px solid ' + COLORS.dark,
      borderRadius: '6px',
      font: 'inherit',
      lineHeight: '1.2',
      cursor: 'pointer'
    });
    button.type = 'button';
    button.dataset.selection = key;
    var name = el('span', { fontSize: '0.75rem', maxWidth: '6.5rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }, label);
    var price = el('span', { fontWeight: '800' }, formatOdds(state.locale, event.odds[index]));
    button.appendChild(name);
    button.appendChild(price);
    button.addEventListener('click', function () {
      if (state.selected[key]) delete state.selected[key];
      else state.selected[key] = true;
      updateSelections();
      emit('widget:selection', { selection: key, selected: !!state.selected[key], count: Object.keys(state.selected).length });
    });
    return button;
  }

  // The city names the team on its odds button; a club prefix (CF, FC) is skipped.
  function shortName(team) {
    var words = team.split(' ');
    return words[0].length > 2 ? words[0] : words[words.length - 1];
  }

  function eventItem(event, live) {
    var t = texts();
    var item = el('li', {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '0.5rem 1rem',
      padding: '0.75rem 0',
      borderTop: '1px solid ' + COLORS.line
    });
    var info = el('div', { flex: '1 1 14rem', minWidth: '0' });
    var teams = el('p', { margin: '0', fontWeight: '700' }, event.home + ' ' + t.versus + ' ' + event.away);
    var meta = el('p', { margin: '0', color: COLORS.muted, fontSize: '0.875rem' });
    if (live) {
      meta.textContent = event.score[0] + ' – ' + event.score[1] + ' · ' + event.period[state.locale] + ' · ' + t.sample;
    } else {
      meta.textContent = formatTime(state.locale, event.time);
    }
    info.appendChild(teams);
    info.appendChild(meta);
    var group = el('div', { display: 'flex', flexWrap: 'wrap', gap: '0.5rem' });
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', t.oddsFor(event.home, event.away));
    group.appendChild(oddsButton(event, 0, shortName(event.home)));
    if (event.odds[1] !== null) group.appendChild(oddsButton(event, 1, t.draw));
    group.appendChild(oddsButton(event, 2, shortName(event.away)));
    item.appendChild(info);
    item.appendChild(group);
    return item;
  }

  function sportSection(sport, events, live) {
    var section = el('section', { marginTop: '1rem' });
    var heading = el('h3', { margin: '0 0 0.25rem', fontSize: '1rem', textTransform: 'uppercase', letterSpacing: '0.04em' }, texts().sports[sport]);
    var list = el('ul', { margin: '0', padding: '0', listStyle: 'none' });
    events.forEach(function (event) {
      list.appendChild(eventItem(event, live));
    });
    section.appendChild(heading);
    section.appendChild(list);
    return section;
  }

  function renderPanel() {
    var t = texts();
    var live = state.view === 'in-play';
    var panel = state.parts.panel;
    while (panel.firstChild) panel.removeChild(panel.firstChild);
    panel.dataset.view = state.view;
    panel.appendChild(el('h2', { margin: '1rem 0 0', fontSize: '1.25rem' }, live ? t.inPlayTitle : t.upcomingTitle));
    if (live) panel.appendChild(el('p', { margin: '0.25rem 0 0', color: COLORS.muted, fontSize: '0.875rem' }, t.inPlayNote));
    var events = live ? IN_PLAY : UPCOMING;
    SPORTS.forEach(function (sport) {
      var ofSport = events.filter(function (event) {
        return event.sport === sport;
      });
      if (ofSport.length) panel.appendChild(sportSection(sport, ofSport, live));
    });
    updateSelections();
  }

  function renderChrome() {
    var t = texts();
    var parts = state.parts;
    parts.root.setAttribute('lang', t.lang);
    parts.root.setAttribute('aria-label', t.brand);
    parts.brand.textContent = t.brand;
    parts.nav.setAttribute('aria-label', t.nav);
    parts.note.textContent = t.demo;
    parts.slipNote.textContent = t.slipNote;
    parts.clear.textContent = t.clear;
    ['upcoming', 'in-play'].forEach(function (view) {
      var link = parts.links[view];
      link.textContent = view === 'in-play' ? t.inPlay : t.upcoming;
      link.href = routeOf(state.locale, view);
      var current = state.view === view;
      if (current) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
      css(link, { borderBottomColor: current ? COLORS.accent : 'transparent' });
    });
  }

  function updateSelections() {
    var t = texts();
    var count = Object.keys(state.selected).length;
    state.parts.slipStatus.textContent = count ? t.selections(count) : t.noSelection;
    state.parts.clear.hidden = count === 0;
    var buttons = state.parts.panel.querySelectorAll('button[data-selection]');
    for (var i = 0; i < buttons.length; i++) {
      var on = !!state.selected[buttons[i].dataset.selection];
      buttons[i].setAttribute('aria-pressed', on ? 'true' : 'false');
      css(buttons[i], { background: on ? COLORS.accent : COLORS.dark, color: on ? COLORS.text : COLORS.onDark, borderColor: on ? COLORS.accent : COLORS.dark });
    }
  }

  function showRoute(route) {
    var view = viewOf(route);
    var changed = view !== state.view;
    state.route = route;
    state.view = view;
    if (changed) {
      renderChrome();
      renderPanel();
    }
    emit('widget:route', { route: route, view: view });
  }

  function checkLocale(locale) {
    if (locale !== 'fr' && locale !== 'en') throw new Error('SportsWidget: unsupported locale ' + locale);
  }

  window.SportsWidget = {
    mount: function (container, options) {
      if (!(container instanceof HTMLElement)) throw new Error('SportsWidget.mount: a container element is needed');
      checkLocale(options.locale);
      if (state) this.unmount();
      state = {
        container: container,
        locale: options.locale,
        route: options.route,
        view: viewOf(options.route),
        navigate: typeof options.navigate === 'function' ? options.navigate : null,
        selected: {},
        parts: build()
      };
      renderChrome();
      renderPanel();
      container.appendChild(state.parts.root);
      emit('widget:ready', { locale: state.locale, route: state.route, view: state.view });
    },
    setLocale: function (locale) {
      checkLocale(locale);
      if (!state || locale === state.locale) return;
      state.locale = locale;
      renderChrome();
      renderPanel();
      emit('widget:locale', { locale: locale });
    },
    setRoute: function (route) {
      if (!state || route === state.route) return;
      showRoute(route);
    },
    unmount: function () {
      if (!state) return;
      if (state.parts.root.parentNode) state.parts.root.parentNode.removeChild(state.parts.root);
      state = null;
    }
  };
})();
`;
