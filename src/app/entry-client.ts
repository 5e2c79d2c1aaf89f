/**
 * The browser entry, the only script the document names. The site's code is fetched once the
 * first screen has painted, so that on a slow connection it does not take bandwidth from the
 * style sheet and the first screen's image, and the first paint never waits for a script
 * (docs/decisions/0016-first-paint-before-scripts.md).
 */
import {
  firstScreenPainted,
  isPhoneOrTablet,
  modulesToRun,
  nextFrame,
  phoneModules,
  preloadListedModules,
  preloadModules,
  runModule,
} from './after-paint';

await firstScreenPainted(document, window);
// A phone's app banner is part of its first screen: it is drawn (early.ts, a few hundred bytes)
// before the site's code takes the network.
if (isPhoneOrTablet(navigator.userAgent, navigator.maxTouchPoints)) {
  const [banner, ...imports] = phoneModules(document);
  preloadModules(document, imports);
  if (banner) await runModule(document, banner);
  // Two frames: the first draws the banner, the second begins once that one was presented.
  await nextFrame(window);
  await nextFrame(window);
}
// The start module, its imports, the page's messages and block chunks: all asked for at once.
preloadListedModules(document);
const modules = modulesToRun(document);
if (modules.length === 0)
  console.error('The page names no start module: it stays without scripts.');
for (const src of modules) void runModule(document, src);
