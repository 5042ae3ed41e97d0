/**
 * The React twin of Artwork.astro for islands: a lazy-loaded poster or profile image, or the 'No Image' placeholder
 * when there is no path. The placeholder stands in for the image: labelled with `alt`, or hidden from assistive
 * technology when `alt` is empty (a decorative image beside its own text).
 */
import { imageSrcSet, imageUrl, type ImageSize } from '../../lib/catalog/client/images.ts';

interface Props {
  path: string | null | undefined;
  size: ImageSize;
  alt: string;
  width: number;
  height: number;
  /** Widths offered in srcset (none: src only). */
  srcSetSizes?: ImageSize[];
  sizes?: string;
}

export default function ArtworkView({ path, size, alt, width, height, srcSetSizes, sizes }: Props) {
  const src = imageUrl(path, size);
  if (!src) {
    return alt
      ? <div className="artwork artwork-missing" role="img" aria-label={alt}><span>No Image</span></div>
      : <div className="artwork artwork-missing" aria-hidden="true"><span>No Image</span></div>;
  }
  return <img className="artwork" src={src} srcSet={srcSetSizes && imageSrcSet(path, srcSetSizes)} sizes={sizes} alt={alt}
    loading="lazy" decoding="async" width={width} height={height} />;
}
