import type { ImageAsset } from '../../assets/image-asset.ts';

/** Stand-in for the artwork's `<ResponsiveImage>` until it is in place. */
export function ResponsiveImage({
  image,
  priority = false,
  className,
}: {
  image: ImageAsset;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
