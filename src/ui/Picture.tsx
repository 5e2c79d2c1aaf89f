/**
 * A content image with an optional phone variant chosen by screen size (no script needed), its
 * intrinsic ratio reserved so that nothing shifts when it arrives.
 */
import type { Img } from '../content/models';
import { sanitizeSvg } from '../content/sanitize';
import { useBlockData } from './block-data';

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
  // An SVG the server fetched for this page is inlined; sanitised again here, like rich text.
  const svg = useBlockData().svgs?.[image.src];
  if (svg && !mobile) {
    return (
      <span
        className={['inline-svg', className].filter(Boolean).join(' ')}
        role="img"
        aria-label={decorative ? undefined : image.alt}
        aria-hidden={decorative ? true : undefined}
        data-src={image.src}
        dangerouslySetInnerHTML={{ __html: sanitizeSvg(svg) }}
      />
    );
  }
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
