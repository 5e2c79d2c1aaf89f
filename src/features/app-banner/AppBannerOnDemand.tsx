/**
 * The app banner's stand-in in the page: the banner's code loads only for the visitors it is for
 * (Android and iOS, not put away), after hydration, as the banner itself only ever shows then.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { MobilePlatform } from '../../domain/browser';
import type { AppBannerProps } from './AppBanner';
import { bannerPlatform, isAppBannerDismissed } from './platform';

const AppBanner = lazy(() => import('./AppBanner').then((m) => ({ default: m.AppBanner })));

const noSubscription = () => () => undefined;

function wantsBanner(fromServer: MobilePlatform): boolean {
  return (
    bannerPlatform(fromServer, navigator.userAgent, navigator.maxTouchPoints) !== null &&
    !isAppBannerDismissed()
  );
}

export function AppBannerOnDemand(props: AppBannerProps) {
  const wanted = useSyncExternalStore(
    noSubscription,
    () => wantsBanner(props.platform),
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppBanner {...props} />
    </Suspense>
  );
}
