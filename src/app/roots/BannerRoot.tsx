/**
 * The banner root: the frame's features that sit apart from the page's content. The IE
 * banner is server-rendered (IE never runs the scripts); the app banner, the pull indicator,
 * the technical-help modal and the cookie settings come alive after hydration, each loading its
 * code only where and when it is needed.
 */
import { AppBannerOnDemand } from '../../features/app-banner/AppBannerOnDemand';
import { ConsentPreferencesOnDemand } from '../../features/consent-preferences/ConsentPreferencesOnDemand';
import { IeBanner } from '../../features/ie-banner/IeBanner';
import { PullToRefreshOnDemand } from '../../features/pull-to-refresh/PullToRefreshOnDemand';
import { TechHelpOnDemand } from '../../features/tech-help/TechHelpOnDemand';
import { useApp } from '../store';

export function BannerRoot() {
  const client = useApp((s) => s.client);
  const storeUrls = useApp((s) => s.config.appStoreUrls);
  const brand = useApp((s) => s.config.brandName);
  return (
    <>
      {client.internetExplorer ? <IeBanner /> : null}
      <AppBannerOnDemand platform={client.platform} storeUrls={storeUrls} brand={brand} />
      <PullToRefreshOnDemand />
      <TechHelpOnDemand />
      <ConsentPreferencesOnDemand />
    </>
  );
}
