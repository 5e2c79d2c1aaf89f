/**
 * Image URLs (docs/content-contract.md): by media-store id `{media}/dam/{imageId}/{fileName}`, or by a
 * static asset path `{media}{@path}`. An image with neither has no URL and is skipped.
 */
interface ImageSource {
  imageId?: string | undefined;
  path?: string | undefined;
}

// Media-store ids look like `jcr:8b0c2f9e-...`: keep the colon readable, escape the rest.
function encodeId(id: string): string {
  return encodeURIComponent(id).replace(/%3A/gi, ':');
}

export function imageUrl(media: string, source: ImageSource, fileName = 'image'): string | null {
  try {
    const base = media.replace(/\/+$/, '');
    const id = source.imageId?.trim();
    if (id) return `${base}/dam/${encodeId(id)}/${encodeURIComponent(fileName)}`;
    const path = source.path?.trim();
    // Only a rooted path on the media host: never another origin or a scheme.
    if (path?.startsWith('/') && !path.startsWith('//')) return `${base}${encodeURI(path)}`;
    return null;
  } catch {
    // A lone surrogate cannot be percent-encoded (URIError): no URL, the image is skipped.
    return null;
  }
}

export const OPENGRAPH_FILE_NAME = 'opengraph.jpg';

/** Widths offered in `srcset` when the media host resizes (MEDIA_WIDTH_PARAM). */
export const RESPONSIVE_WIDTHS = [320, 640, 960, 1280, 1920] as const;

/**
 * A `srcset` asking the media host for each width through its resizing query parameter
 * (e.g. `w`: `image?w=640 640w`); undefined when no parameter is configured (the content contract
 * has no resizing API, so it is the operator's to declare).
 */
export function responsiveSrcSet(
  url: string,
  widthParam: string | undefined,
  widths: readonly number[] = RESPONSIVE_WIDTHS,
): string | undefined {
  if (!widthParam || widths.length === 0) return undefined;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const separator = base.includes('?') ? '&' : '?';
  const name = encodeURIComponent(widthParam);
  return widths.map((w) => `${base}${separator}${name}=${w} ${w}w`).join(', ');
}
