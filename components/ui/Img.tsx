/**
 * An image the site serves as it is (SVG logos, seeded photos and banners): a plain `<img>`
 * with its intrinsic size, so the layout never shifts, lazy unless it is above the fold.
 *
 * Not next/image: every image here was `unoptimized` (there is no image optimizer on a fresh
 * machine), so next/image added nothing but its client runtime, about 9 kB gzipped on the
 * first load of every page, and an inline style attribute.
 */
export function Img({
  src,
  alt,
  width,
  height,
  className,
  priority = false,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above the fold (a logo, a profile photo, a post's banner): fetched at once and early. */
  priority?: boolean;
}) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- nothing to optimize (see above)
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      decoding="async"
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
    />
  );
}
