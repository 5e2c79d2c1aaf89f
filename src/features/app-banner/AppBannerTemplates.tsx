/**
 * The banner for each platform, inside inert `<template>`s that the server puts at the end of
 * every page: the early start (early.ts) shows a copy to a phone right after the first paint,
 * without waiting for the site's code. A template renders nothing and is never hydrated.
 */
import { TEMPLATE_ATTRIBUTE } from './markers';
import type { StorePlatform } from './platform';
import { AppBannerView } from './AppBannerView';
const PLATFORMS: readonly StorePlatform[] = ['android', 'ios'];

export function AppBannerTemplates({
  storeUrls,
  brand,
}: {
  storeUrls: Record<StorePlatform, string>;
  brand: string;
}) {
  return PLATFORMS.map((platform) => (
    <template key={platform} {...{ [TEMPLATE_ATTRIBUTE]: platform }}>
      <AppBannerView
        platform={platform}
        storeUrl={storeUrls[platform]}
        brand={brand}
        titleId={`app-banner-title-${platform}`}
        textId={`app-banner-text-${platform}`}
      />
    </template>
  ));
}
