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
  loadConsentManager,
  nextFrame,
  PHONE_ATTRIBUTE,
  preloadModules,
  preloadState,
  runEarlyModule,
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
// The sports area's first screen is the betting widget's: its starter and the starter's imports
// are asked for at once, beside the banner, and the widget draws as soon as its script
// (preloaded by the document) has come.
const earlyModules = listedModules(document, EARLY_ATTRIBUTE);
preloadModules(document, earlyModules);
const widgetMounted = earlyModules[0] ? runEarlyModule(document, earlyModules[0]) : undefined;
await firstScreenPainted(document, window);
if (bannerDrawn || widgetMounted) {
  await bannerDrawn;
  await widgetMounted;
  // Two frames: the first draws the banner or the widget, the second begins once that one was
  // presented; only then does the site's code take the network and the main thread.
  await nextFrame(window);
  await nextFrame(window);
}
// The consent manager before the site's code: its notice must come on every page.
loadConsentManager(document);
// The start module, its imports, the page's messages and block chunks, and the page's state
// beside it: all asked for at once.
preloadModules(document, listedModules(document, AFTER_PAINT_ATTRIBUTE));
preloadState(document);
const [start] = listedModules(document, START_ATTRIBUTE);
if (start) void runModule(document, start);
else console.error('The page names no start module: it stays without scripts.');
