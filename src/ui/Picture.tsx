/**
 * A content image with an optional phone variant chosen by screen size (no script needed), its
 * box reserved (width and height attributes, the block's CSS ratio) so that nothing shifts when
 * it arrives, and a `srcset` when the media host resizes (MEDIA_WIDTH_PARAM).
 */
import type { ImageSize, Img } from '../content/models';
import { responsiveSrcSet } from '../domain/images';
import { useBlockData } from './block-data';
import { useOnFirstScreen } from './first-screen';
import { useMediaWidthParam } from './media';
import { useSanitized } from './sanitizer';
import { BREAKPOINTS } from '../domain/layout';

interface PictureProps {
  image: Img;
  mobile?: Img | undefined;
  className?: string;
  /** The largest image of the first screen: fetched first, never lazily. */
  priority?: boolean;
  /** On the first screen, below its largest image: never lazily, at its normal priority. */
  eager?: boolean;
  /** Intrinsic size, or the ratio of the box the block's CSS gives the image. */
  width?: number;
  height?: number;
  /** The phone variant's intrinsic size, when known: its own box on the phone. */
  mobileSize?: ImageSize | undefined;
  /** The width the image takes in the layout, for `srcset` (a `sizes` value). */
  sizes?: string;
  /** Decorative images (with an accessible name elsewhere) are hidden from assistive tech. */
  decorative?: boolean;
}

/** Under the tablet breakpoint (the .02 px keeps it apart from `min-width: 768px`). */
export const PHONE_MEDIA = `(max-width: ${BREAKPOINTS.sm - 0.02}px)`;

export function Picture({
  image,
  mobile,
  className,
  priority = false,
  eager: onScreen = false,
  width,
  height,
  mobileSize,
  sizes = '100vw',
  decorative = false,
}: PictureProps) {
  const widthParam = useMediaWidthParam();
  const eager = useOnFirstScreen() || priority || onScreen;
  // An SVG the server fetched for this page is inlined; sanitised again here, like rich text.
  const svg = useBlockData().svgs?.[image.src];
  const cleanSvg = useSanitized(svg ?? '', 'svg');
  if (svg && !mobile) {
    return (
      <span
        className={['inline-svg', className].filter(Boolean).join(' ')}
        role="img"
        aria-label={decorative ? undefined : image.alt}
        aria-hidden={decorative ? true : undefined}
        data-src={image.src}
        dangerouslySetInnerHTML={cleanSvg}
        suppressHydrationWarning
      />
    );
  }
  const srcSet = responsiveSrcSet(image.src, widthParam);
  // A lazy image is laid out before it loads: the browser can pick by its real width.
  const sizesValue = srcSet ? (eager ? sizes : `auto, ${sizes}`) : undefined;
  const img = (
    <img
      src={image.src}
      srcSet={srcSet}
      sizes={sizesValue}
      alt={decorative ? '' : image.alt}
      className={className}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
  if (!mobile) return img;
  return (
    <picture>
      <source
        media={PHONE_MEDIA}
        srcSet={responsiveSrcSet(mobile.src, widthParam) ?? mobile.src}
        sizes={sizesValue}
        width={mobileSize?.width}
        height={mobileSize?.height}
      />
      {img}
    </picture>
  );
}
