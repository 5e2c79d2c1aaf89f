/**
 * The mobile app banner (SPEC.md §1) for Android and iOS visitors: "New app", a button to the
 * store, "Don't show again" (remembered) and a close button. Whether it was put away is only
 * known in the browser, so it appears after hydration, fixed at the bottom of the viewport:
 * it moves nothing when it appears (no layout shift).
 */
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { MobilePlatform } from '../../domain/browser';
import { useT } from '../../ui/i18n';
import {
  bannerPlatform,
  dismissAppBanner,
  isAppBannerDismissed,
  type StorePlatform,
} from './platform';
import styles from './AppBanner.module.css';

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
  const t = useT();
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

  useEffect(() => {
    const element = section.current;
    if (!shown || !element) return;
    // The page keeps exactly the banner's height free at its end (see the CSS), whatever the
    // language, the text size or the width.
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--app-banner-room', `${element.offsetHeight}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--app-banner-room');
    };
  }, [shown]);

  if (platform === 'none' || !shown) return null;

  const close = (forever: boolean) => {
    dismissAppBanner(forever);
    setClosed(true);
  };
  // Placed at the end of the body: it sits at the bottom of the screen, so it comes last in
  // reading and Tab order too (after the footer, never before the skip link).
  return createPortal(
    <section
      ref={section}
      className={styles.banner}
      aria-labelledby={titleId}
      data-testid="app-banner"
      data-platform={platform}
    >
      <span className={styles.mark} aria-hidden="true">
        ◆
      </span>
      <div className={styles.text}>
        <p id={titleId} className={styles.title}>
          {t('app.titre')}
        </p>
        <p id={textId} className={styles.body}>
          {t(platform === 'android' ? 'app.texte.android' : 'app.texte.ios', { brand })}
        </p>
      </div>
      <div className={styles.actions}>
        <a
          className={`button ${styles.store}`}
          href={storeUrls[platform]}
          rel="noopener"
          aria-describedby={textId}
        >
          {t('app.telecharger')}
        </a>
        <button type="button" className={styles.never} onClick={() => close(true)}>
          {t('app.nePlusAfficher')}
        </button>
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label={t('app.fermer')}
        onClick={() => close(false)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>,
    document.body,
  );
}
