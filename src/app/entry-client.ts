/**
 * The browser entry, the only script the document names. The site's code is fetched once the
 * first screen has painted, so that on a slow connection it does not take bandwidth from the
 * style sheet and the first screen's image, and the first paint never waits for a script
 * (docs/decisions/0016-first-paint-before-scripts.md).
 */
import {
  firstScreenPainted,
  preloadListedModules,
  startEarlyModules,
  startModule,
} from './after-paint';

await firstScreenPainted(document, window);
// The start module, its imports, the page's messages and block chunks: all at once.
preloadListedModules(document);
startEarlyModules(document, (url) => import(/* @vite-ignore */ url));
const start = startModule(document);
// By URL (the server's, from the build's manifest): no bundler helper in this entry.
if (start) await import(/* @vite-ignore */ start);
else console.error('The page names no start module: it stays without its scripts.');
