/** The banner root: browser and app banners mount here, apart from the page's content. */
export function BannerRoot() {
  return null;
}
