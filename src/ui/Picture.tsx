/**
 * A content image with an optional phone variant chosen by screen size (no script needed), its
 * intrinsic ratio reserved so that nothing shifts when it arrives.
 */
import type { Img } from '../content/models';

export interface PictureProps {
  image: Img;
  mobile?: Img | undefined;
  className?: string;
  /** The largest image of the first screen: fetched first, never lazily. */
  priority?: boolean;
  width?: number;
  height?: number;
  /** Decorative images (with an accessible name elsewhere) are hidden from assistive tech. */
  decorative?: boolean;
}

export const PHONE_MEDIA = '(max-width: 767.98px)';

export function Picture({
  image,
  mobile,
  className,
  priority = false,
  width,
  height,
  decorative = false,
}: PictureProps) {
  const img = (
    <img
      src={image.src}
      alt={decorative ? '' : image.alt}
      className={className}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
  if (!mobile) return img;
  return (
    <picture>
      <source media={PHONE_MEDIA} srcSet={mobile.src} />
      {img}
    </picture>
  );
}
