/**
 * The browser entry, the only script the document names. The site's code is fetched once the
 * first screen has painted, so that on a slow connection it does not take bandwidth from the
 * style sheet and the first screen's image, and the first paint never waits for a script
 * (docs/decisions/0016-first-paint-before-scripts.md).
 */
import { firstScreenPainted, modulesToRun, preloadListedModules, runModule } from './after-paint';

await firstScreenPainted(document, window);
// The start module, its imports, the page's messages and block chunks: all asked for at once.
preloadListedModules(document);
const modules = modulesToRun(document);
if (modules.length === 0)
  console.error('The page names no start module: it stays without scripts.');
for (const src of modules) runModule(document, src);
