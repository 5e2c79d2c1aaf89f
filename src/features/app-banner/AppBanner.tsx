/**
 * The mobile app banner (docs/requirements.md §1) for Android and iOS visitors: "New app", a button to the
 * store, "Don't show again" (remembered) and a close button. Whether it was put away is only
 * known in the browser, so the server never shows it; the early start shows a copy right after
 * the first paint (early.ts), which this component replaces in the same frame once the site
 * runs. Fixed at the bottom of the viewport: it moves nothing when it appears (no layout shift).
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { MobilePlatform } from '../../domain/browser';
import { AppBannerView } from './AppBannerView';
import { continuePress, takeOverEarlyBanner } from './early';
import { focusBeforeBanner } from './focus-after';
import { BANNER_ACTION, BANNER_ROOM } from './markers';
import {
  bannerPlatform,
  dismissAppBanner,
  isAppBannerDismissed,
  type StorePlatform,
} from './platform';

type Shown = StorePlatform | 'none';

/** Another tab choosing "Don't show again" hides it here too. */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

export interface AppBannerProps {
  /** The platform the server read from the request. */
  platform: MobilePlatform;
  storeUrls: Record<StorePlatform, string>;
  brand: string;
}

export function AppBanner({ platform: fromServer, storeUrls, brand }: AppBannerProps) {
  const titleId = useId();
  const textId = useId();
  const section = useRef<HTMLElement>(null);
  const [closed, setClosed] = useState(false);
  const platform = useSyncExternalStore<Shown>(
    subscribe,
    () =>
      isAppBannerDismissed()
        ? 'none'
        : (bannerPlatform(fromServer, navigator.userAgent, navigator.maxTouchPoints) ?? 'none'),
    // The server (and hydration) never shows it.
    () => 'none',
  );
  const shown = platform !== 'none' && !closed;

  // The early copy goes before the browser paints this one: one banner, never a flicker; the
  // control that had focus in it has it here, and a press begun on it ends here.
  useLayoutEffect(() => {
    const { focused, pressed } = takeOverEarlyBanner(document);
    const element = section.current;
    if (focused) element?.querySelector<HTMLElement>(`[${BANNER_ACTION}="${focused}"]`)?.focus();
    return pressed && element ? continuePress(document, element, pressed) : undefined;
  }, []);

  useEffect(() => {
    const element = section.current;
    if (!shown || !element) return;
    // The page keeps exactly the banner's height free at its end (see the CSS), whatever the
    // language, the text size or the width.
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty(BANNER_ROOM, `${element.offsetHeight}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(BANNER_ROOM);
    };
  }, [shown]);

  if (platform === 'none' || !shown) return null;

  const close = (forever: boolean) => {
    dismissAppBanner(forever);
    if (section.current) focusBeforeBanner(document, section.current);
    setClosed(true);
  };
  // Placed at the end of the body: it sits at the bottom of the screen, so it comes last in
  // reading and Tab order too (after the footer, never before the skip link).
  return createPortal(
    <AppBannerView
      platform={platform}
      storeUrl={storeUrls[platform]}
      brand={brand}
      titleId={titleId}
      textId={textId}
      onClose={close}
      sectionRef={section}
    />,
    document.body,
  );
}
