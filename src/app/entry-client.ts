/**
 * The browser entry, the document's only script, written into every page in production and
 * allowed by its hash (docs/decisions/0056-entry-in-the-page.md). The site's code is fetched
 * once the first screen has painted, so that on a slow connection it does not take bandwidth
 * from the style sheet and the first screen's image, and the first paint never waits for a
 * script (docs/decisions/0016-first-paint-before-scripts.md).
 */
import {
  AFTER_PAINT_ATTRIBUTE,
  EARLY_ATTRIBUTE,
  firstScreenPainted,
  isPhoneOrTablet,
  listedModules,
  nextFrame,
  PHONE_ATTRIBUTE,
  preloadModules,
  runModule,
  START_ATTRIBUTE,
} from './after-paint';

const phone = isPhoneOrTablet(navigator.userAgent, navigator.maxTouchPoints);
// A phone's app banner is part of its first screen (the largest paint of the sports area): its
// module, 2 KB with what it imports, is asked for at once, so that drawing it after the first
// paint waits for no round trip (docs/decisions/0019-app-banner-before-the-site-code.md).
const bannerModules = phone ? listedModules(document, PHONE_ATTRIBUTE) : [];
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
preloadModules(document, listedModules(document, AFTER_PAINT_ATTRIBUTE));
// The early ones (the sports area's widget) first, then the start module.
const modules = [EARLY_ATTRIBUTE, START_ATTRIBUTE].flatMap((name) => listedModules(document, name));
if (modules.length === 0)
  console.error('The page names no start module: it stays without scripts.');
for (const src of modules) void runModule(document, src);
