/**
 * Test data: fragments both sanitisers must treat alike (src/content/sanitize.test.ts compares the
 * server's with DOMPurify over jsdom, tests/e2e/sanitizer-agreement.spec.ts with DOMPurify in
 * Chromium). Ordinary editors' markup first, then markup that tests the rules.
 */
export const SANITIZER_CORPUS: readonly string[] = [
  // Ordinary rich text.
  '<p>Un <strong>gros</strong> lot de <em>10&nbsp;000&nbsp;$</em> à gagner.</p>',
  '<h2>Règlement</h2><p>Voir les <a href="/fr/aide-technique#cookies">conditions</a>.</p>',
  '<p>Appelez le <a href="tel:+18005551234">1 800 555-1234</a> ou écrivez à <a href="mailto:aide@example.com">aide@example.com</a>.</p>',
  '<p>Texte sans balise mais avec &laquo; entités &raquo; &amp; &lt;signes&gt;</p>',
  'Du texte seul, & une esperluette, sans balise',
  '  <p>Espaces devant</p>\n<p>et un saut de ligne</p>  ',
  '<ul><li>Un<ul><li>Deux<ol><li>Trois</li></ol></li></ul></li><li>Quatre</li></ul>',
  '<ol><li><p>Paragraphe dans un élément</p></li><li>Suite<br>à la ligne</li></ol>',
  '<table><caption>Gains</caption><thead><tr><th scope="col">Lot</th><th>Montant</th></tr></thead><tbody><tr><td colspan="2" rowspan="1">1 000 $</td></tr></tbody></table>',
  '<table><tr><td>Sans tbody</td></tr></table>',
  '<blockquote><p>Citation</p></blockquote><hr><p><small>Note</small> <sub>1</sub> <sup>2</sup> <abbr title="Loterie">LQ</abbr></p>',
  '<p><img src="https://media.example/dam/x/photo.jpg" alt="Photo" width="300" height="200"></p>',
  '<p><img src="https://media.example/dam/x/decor.png" width="300" height="200"> sans alt</p>',
  '<p><img alt src="https://media.example/dam/x/vide.png"><img alt="  " src="/a.png"></p>',
  '<p lang="en">In English <span lang="fr">en français</span></p>',
  '<p><b>gras</b> <i>italique</i> <u>souligné</u> <s>barré</s></p>',
  '<h3>Titre</h3><h4>Sous-titre</h4><h5>Petit</h5><h6>Plus petit</h6><h1>Trop grand</h1>',
  // Links and their windows.
  '<a href="https://x.example" target="_blank">nouvelle fenêtre</a>',
  '<a href="https://x.example" target="_blank" rel="opener">rel remplacé</a>',
  '<a href="https://x.example" target="_self">cible retirée</a>',
  '<a href="https://x.example" target=" _blank ">cible avec espaces</a>',
  '<a href="/fr/x" TARGET="_BLANK">majuscules</a>',
  // Schemes.
  '<a href="javascript:alert(1)">js</a>',
  '<a href="JaVaScRiPt:alert(1)">casse mêlée</a>',
  '<a href="java&#x09;script:alert(1)">tabulation encodée</a>',
  '<a href="&#106;avascript:alert(1)">entité décimale</a>',
  '<a href=" javascript:alert(1)">espace devant</a>',
  '<a href="\u0001javascript:alert(1)">contrôle devant</a>',
  '<a href="vbscript:msgbox(1)">vbscript</a>',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="data autorisé sur img">',
  '<img src="javascript:alert(1)">',
  '<a href="//evil.example/x">protocole relatif</a>',
  '<a href="/\\evil.example">barre oblique inverse</a>',
  '<a href="\\\\evil.example">deux obliques inverses</a><a href="\\/evil.example">inverse et oblique</a>',
  '<a href="/&#92;evil.example">entité</a><a href="/&#x09;/evil.example">tabulation</a><a href=" //evil.example">espace</a>',
  '<a href="/%5Cevil.example">encodé</a><a href="https:\\\\evil.example">schéma sans obliques</a>',
  '<a href="ftp://files.example/x">ftp</a>',
  '<a href="#ancre">ancre</a><a href="?q=1">requête</a><a href="">vide</a>',
  // Attributes.
  '<p style="color:red" class="x" id="y" data-x="1" onclick="alert(1)" aria-label="étiquette">attributs</p>',
  '<p title="a &quot;b&quot; <c> &amp; d">titre échappé</p>',
  '<p is="x-foo">is</p>',
  '<a href="/x/>" title="fin/>">auto-fermeture dans une valeur</a>',
  '<p title="--&gt;">sortie de commentaire</p>',
  '<p title="</style><img src=x onerror=alert(1)>">sortie de style</p>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://media.example/a.jpg" width="javascript:1">',
  // Elements removed, with or without their content.
  '<script>alert(1)</script><p>ok</p>',
  '<p>avant</p><script>alert(1)</script><p>après</p>',
  '<style>p{color:red}</style><p>style</p>',
  '<iframe src="https://evil.example"></iframe><p>iframe</p>',
  '<div><section>Contenu <article>gardé</article></section></div>',
  '<font color="red">police</font><center>centré</center>',
  '<form action="https://evil.example"><input name="q"><button>Envoyer</button></form>',
  '<form><input name="attributes"><p>formulaire détourné</p></form>',
  '<template><p>gabarit</p></template><p>après gabarit</p>',
  '<noscript><p>noscript</p></noscript><p>après</p>',
  '<title>titre</title><p>corps</p>',
  '<base href="https://evil.example/"><p>base</p>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>meta</p>',
  '<object data="x.swf"></object><embed src="x.swf"><p>objets</p>',
  '<select><option>a</option></select><textarea><b>t</b></textarea>',
  '<!-- commentaire --><p>après commentaire</p><!--<img src=x onerror=alert(1)>-->',
  '<p>a<!-- x -->b</p>',
  '<?xml-stylesheet href="x"?><p>instruction</p>',
  '<xmp><p>xmp</p></xmp><plaintext><p>plaintext',
  // SVG and MathML.
  '<svg><script>alert(1)</script></svg>',
  '<svg><a href="javascript:alert(1)"><circle r="10"></circle></a></svg><p>après svg</p>',
  '<svg><foreignObject><p>dans foreignObject</p></foreignObject></svg>',
  '<math><mi><b>gras</b></mi></math><p>après math</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<p><svg><p>sortie du svg</p></svg></p>',
  // Parser repairs.
  '<p>non fermé <strong>gras <em>les deux</p> après',
  '<b><p>imbrication fautive</b></p>',
  '<table><p>hors tableau</p><tr><td>cellule</td></tr></table>',
  '<li>élément seul</li><td>cellule seule</td>',
  '</p>fermeture seule<br/>',
  '<p>&lt;b&gt;pas une balise&lt;/b&gt;</p>',
  '<p>&lt;b&gt;<em>x</em><!--x--></p>',
  '<p>caractères\u2028spéciaux\u00a0et&#0;nul</p>',
  '<a href="https://x.example"><a href="https://y.example">liens imbriqués</a></a>',
  '<p>' + 'long '.repeat(200) + '</p>',
];

/** Where the server's tree and Chromium's part (docs/decisions/0022-server-sanitizer.md). */
type DivergenceKind = 'select' | 'depth' | 'frameset-body' | 'template';

/**
 * Raw markup of the kinds on which the server's sanitiser and DOMPurify in Chromium may give
 * different bytes, each with whether they do (`differs`), as tests/e2e/sanitizer-agreement.spec.ts
 * records it: Chromium parses elements inside `<select>` (parse5, the standard's older rules,
 * drops or unwraps them), keeps nesting the server cuts at 256 levels, and after a leading NUL
 * builds another head, body or frameset than parse5. Whatever the bytes, both outputs must run
 * nothing and hold only what the allow-list allows, and DOMPurify over the server's output must
 * give it back unchanged.
 */
export const SANITIZER_DIVERGENCE_CORPUS: readonly {
  html: string;
  kind: DivergenceKind;
  differs: boolean;
}[] = [
  // Elements inside <select>: Chromium keeps them, parse5 keeps only their text.
  { kind: 'select', differs: false, html: '<select><option>a</option></select><p>après</p>' },
  {
    kind: 'select',
    differs: true,
    html: '<select><button><b>gras</b></button><option><em>o</em></option></select>',
  },
  {
    kind: 'select',
    differs: true,
    html: '<select><p>para</p><img src=x onerror=top.__xss=1;alert(1)></select>',
  },
  { kind: 'select', differs: true, html: '<p>a<select><span>b</span></select>c</p>' },
  { kind: 'select', differs: true, html: '<select><table><tr><td>x</td></tr></table></select>' },
  {
    kind: 'select',
    differs: true,
    html: '<select><option><a href="https://x.example" target="_blank">lien</a></option></select>',
  },
  {
    kind: 'select',
    differs: true,
    html: '<select><option><a href="//evil.example/x" title="t">relatif</a></option></select>',
  },
  {
    kind: 'select',
    differs: true,
    html: '<select><option><a href="javascript:alert(1)">js</a></option></select>',
  },
  { kind: 'select', differs: true, html: '<select><datalist><p>x</p></datalist></select>' },
  { kind: 'select', differs: false, html: '<select><svg><script>alert(1)</script></svg></select>' },
  {
    kind: 'select',
    differs: false,
    html: '<select><style><img src=x onerror=alert(1)></style></select>',
  },
  { kind: 'select', differs: true, html: '<body><select><li>z<b onclick="alert(1)">w</b>' },
  // Nesting: the server drops what lies deeper than 256 levels, Chromium keeps it.
  { kind: 'depth', differs: false, html: '<span>'.repeat(256) + 'fond' + '</span>'.repeat(256) },
  { kind: 'depth', differs: true, html: '<span>'.repeat(257) + 'fond' + '</span>'.repeat(257) },
  {
    kind: 'depth',
    differs: true,
    html: '<b>'.repeat(300) + '<img src=x onerror=alert(1)>' + '</b>'.repeat(300),
  },
  {
    kind: 'depth',
    differs: true,
    html: '<p>' + '<em>'.repeat(400) + '<a href="/\\evil.example">x</a>' + '</em>'.repeat(400),
  },
  { kind: 'depth', differs: true, html: '<span>'.repeat(600) + 'fond' },
  // Frameset and body inside a fragment.
  {
    kind: 'frameset-body',
    differs: false,
    html: '<frameset><frame src="javascript:alert(1)"></frameset>',
  },
  { kind: 'frameset-body', differs: false, html: '<p>a</p><body onload="alert(1)"><p>b</p>' },
  {
    kind: 'frameset-body',
    differs: true,
    html: '\u0000<template>t</template><frameset><frame src="javascript:alert(1)">z',
  },
  { kind: 'frameset-body', differs: true, html: '\u0000 <body onload="alert(1)"><p>z</p>' },
  { kind: 'frameset-body', differs: true, html: '\u0000<noscript><body title="t">z' },
  { kind: 'frameset-body', differs: true, html: '<select><frameset><b>z</b>' },
  // Template.
  { kind: 'template', differs: false, html: '<template><img src=x onerror=alert(1)></template>' },
  {
    kind: 'template',
    differs: false,
    html: '<table><template><tr><td>x</td></tr></template></table>',
  },
  { kind: 'template', differs: true, html: '\u0000 <template><p>z</p></template>w' },
  {
    kind: 'template',
    differs: true,
    html: '\u0000 <template><img src=x onerror=alert(1)></template><p>après</p>',
  },
  { kind: 'template', differs: true, html: '<select><p><template>z' },
];
