import type { ImageAsset } from '../../assets/image-asset.ts';
import styles from './responsive-image.module.css';

export interface ResponsiveImageProps {
  image: ImageAsset;
  /**
   * The page's main image, above the fold: fetched first and decoded at once, and the page's
   * scripts start only once it is shown.
   */
  priority?: boolean;
  /**
   * Never what a visitor came to see (the logo, the approvals stamp): fetched at low priority
   * even when in view, so on a slow network it waits behind the page's text and main image.
   */
  incidental?: boolean;
  /** Overrides the slot's `sizes` when a layout shows it at another width. */
  sizes?: string;
  className?: string;
  /** Empty alt for purely decorative uses where a caption already says it all. */
  decorative?: boolean;
}

/**
 * Renders an image slot: a `<picture>` with its AVIF (and art-directed) sources when it has
 * them, else a plain `<img>`. Always sets width and height so the box is reserved before the
 * file arrives; below-the-fold images load lazily and decode off the main thread.
 */
export function ResponsiveImage({
  image,
  priority = false,
  incidental = false,
  sizes,
  className,
  decorative = false,
}: ResponsiveImageProps) {
  const img = (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? (sizes ?? image.sizes) : undefined}
      width={image.width}
      height={image.height}
      alt={decorative ? '' : image.alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : incidental ? 'low' : undefined}
      // The page's scripts wait until the browser reports this image shown (page-scripts.ts).
      {...(priority ? { elementtiming: 'hero' } : {})}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture className={styles.picture}>
      {image.sources.map((source) => (
        <source
          key={`${source.media ?? ''}|${source.type}`}
          type={source.type}
          srcSet={source.srcSet}
          sizes={sizes ?? source.sizes}
          media={source.media}
          width={source.width}
          height={source.height}
        />
      ))}
      {img}
    </picture>
  );
}
