/**
 * The banner root: the frame's features that sit apart from the page's content. The IE
 * banner is server-rendered and its code stays on the server (IE never runs the scripts); the app banner, the pull indicator
 * and the technical-help modal come alive after hydration, the banner, the gesture and the modal
 * loading their code only where and when they are needed.
 */
import { AppBannerOnDemand } from '../../features/app-banner/AppBannerOnDemand';
import { IeBannerOnServer } from '../../features/ie-banner/IeBannerOnServer';
import { PullToRefreshOnDemand } from '../../features/pull-to-refresh/PullToRefreshOnDemand';
import { TechHelpOnDemand } from '../../features/tech-help/TechHelpOnDemand';
import { useApp } from '../store';

export function BannerRoot() {
  const client = useApp((s) => s.client);
  const storeUrls = useApp((s) => s.config.appStoreUrls);
  const brand = useApp((s) => s.config.brandName);
  return (
    <>
      {client.internetExplorer ? <IeBannerOnServer /> : null}
      <AppBannerOnDemand platform={client.platform} storeUrls={storeUrls} brand={brand} />
      <PullToRefreshOnDemand />
      <TechHelpOnDemand />
    </>
  );
}
