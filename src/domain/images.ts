/**
 * Image URLs (CMS-CONTRACT.md): by media-store id `{media}/dam/{imageId}/{fileName}`, or by a
 * static asset path `{media}{@path}`. An image with neither has no URL and is skipped.
 */
export interface ImageSource {
  imageId?: string | undefined;
  path?: string | undefined;
}

// Media-store ids look like `jcr:8b0c2f9e-...`: keep the colon readable, escape the rest.
function encodeId(id: string): string {
  return encodeURIComponent(id).replace(/%3A/gi, ':');
}

export function imageUrl(media: string, source: ImageSource, fileName = 'image'): string | null {
  const base = media.replace(/\/+$/, '');
  const id = source.imageId?.trim();
  if (id) return `${base}/dam/${encodeId(id)}/${encodeURIComponent(fileName)}`;
  const path = source.path?.trim();
  // Only a rooted path on the media host: never another origin or a scheme.
  if (path?.startsWith('/') && !path.startsWith('//')) return `${base}${encodeURI(path)}`;
  return null;
}

export const OPENGRAPH_FILE_NAME = 'opengraph.jpg';
