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

const phone = isPhoneOrTablet(navigator.userAgent, navigator.maxTouchPoints);
// A phone's app banner is part of its first screen (the largest paint of the sports area): its
// module, 2 KB with what it imports, is asked for at once, so that drawing it after the first
// paint waits for no round trip (docs/decisions/0019-app-banner-before-the-site-code.md).
const bannerModules = phone ? phoneModules(document) : [];
preloadModules(document, bannerModules);
const [banner] = bannerModules;
// Run as soon as it has come: drawn (early.ts) in the first paint when it comes before the style
// sheet, else in the next frame, and before the site's code takes the network either way.
const bannerDrawn = banner ? runModule(document, banner) : undefined;
await firstScreenPainted(document, window);
if (phone) {
  await bannerDrawn;
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
