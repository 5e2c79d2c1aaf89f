/**
 * The banner root: the frame's features that sit apart from the page's content. The IE
 * banner is server-rendered (IE never runs the scripts); the app banner, the pull indicator
 * and the technical-help modal come alive after hydration.
 */
import { AppBanner } from '../../features/app-banner/AppBanner';
import { IeBanner } from '../../features/ie-banner/IeBanner';
import { PullToRefresh } from '../../features/pull-to-refresh/PullToRefresh';
import { TechHelp } from '../../features/tech-help/TechHelp';
import { useApp } from '../store';

export function BannerRoot() {
  const client = useApp((s) => s.client);
  const storeUrls = useApp((s) => s.config.appStoreUrls);
  const brand = useApp((s) => s.config.brandName);
  return (
    <>
      {client.internetExplorer ? <IeBanner /> : null}
      <AppBanner platform={client.platform} storeUrls={storeUrls} brand={brand} />
      <PullToRefresh />
      <TechHelp />
    </>
  );
}
