import type { ImgHTMLAttributes } from 'react';
import { photoSrcSet } from '../../contract/photos/urls';

export interface PhotoProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'width' | 'height' | 'sizes'> {
  src: string;
  /** Who or what it shows: a person's name for their photo; '' only for decoration. */
  alt: string;
  /** The intrinsic size the layout reserves before the picture arrives. */
  width: number;
  height: number;
  /** How wide the picture is drawn (a `sizes` value), so the browser picks the smallest stored width that fills it. */
  sizes: string;
}

/**
 * A member's photo at its drawn size: an uploaded photo (`/api/photos/<id>/<w>.webp`)
 * offers every stored width by srcset; a generated picture is one SVG. Lazy by
 * default (galleries and cards are mostly below the fold); pass
 * loading="eager" for the one at the top of a screen.
 */
export function Photo({ src, sizes, loading = 'lazy', decoding = 'async', ...rest }: PhotoProps) {
  const srcSet = photoSrcSet(src);
  return <img src={src} srcSet={srcSet} sizes={srcSet ? sizes : undefined} loading={loading} decoding={decoding} {...rest} />;
}
