/**
 * The standalone header and footer for other systems' pages: a loader at a stable URL (the
 * bundle's file names change with every build) and a demo host page.
 */
import type { Assets } from './document';

/**
 * A classic script: it finds its own origin, then adds the frame's style sheets and its module.
 * The module reads the host page's configuration and mounts the header and footer.
 */
export function frameLoader(assets: Assets): string {
  const files = JSON.stringify({ styles: assets.styles, scripts: assets.scripts });
  return `(function () {
  var current = document.currentScript;
  var origin = new URL(current ? current.src : location.href).origin;
  var files = ${files};
  files.styles.forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = origin + href;
    document.head.appendChild(link);
  });
  files.scripts.forEach(function (src) {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = origin + src;
    document.head.appendChild(script);
  });
})();
`;
}

/**
 * A page this server does not render with React: what the betting widget's host would serve.
 * Its configuration travels as JSON, so it works under a CSP that forbids inline script.
 */
export function frameHostPage(): string {
  return `<!doctype html>
<html lang="fr-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page d’un autre système — démonstration</title>
<script type="application/json" id="pari-boreal-frame">{"locale": "fr", "header": "#site-header", "footer": "#site-footer", "alternate": "/sports/en"}</script>
<script src="/frame.js"></script>
</head>
<body>
<div id="site-header"></div>
<main id="host-content">
<h1>Contenu du système hôte</h1>
<p>Cette page n’est pas rendue par le site : l’en-tête et le pied de page y sont montés par un seul script et un objet de configuration.</p>
</main>
<div id="site-footer"></div>
</body>
</html>
`;
}
