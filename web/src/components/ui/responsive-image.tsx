import { Center, Image, type ImageProps } from '@chakra-ui/react';
import { srcSetOf, type ImageVariant } from '@repo/types';
import { useState } from 'react';

export interface ResponsiveImageProps extends Omit<ImageProps, 'onError' | 'srcSet' | 'sizes' | 'src'> {
  /** The original: what browsers without srcset get, and the fallback when no variant loads. */
  src: string;
  alt: string;
  /** The server's WebP variants (issue #26); none for an image it did not store. */
  variants?: readonly ImageVariant[] | null;
  /** How wide the image is shown, as the `sizes` attribute: the browser picks the variant from it. */
  sizes: string;
  /** 'eager' for the largest image above the fold (the LCP), 'lazy' (the default) below it. */
  loading?: 'eager' | 'lazy';
  fetchPriority?: 'high' | 'low' | 'auto';
  /** When set, a failed image shows this text in a placeholder (spec §2 'Image Not Found'); else it is hidden. */
  notFoundLabel?: string;
}

/**
 * An image at the size it is shown: `srcset` from the server's variants with `sizes`, so a 72 px
 * thumbnail fetches the 320 px WebP and never the original. If the variants cannot be loaded (an
 * image stored before variants, not yet backfilled) the original is tried once, then the placeholder.
 */
export const ResponsiveImage = ({ src, alt, variants, sizes, loading = 'lazy', fetchPriority, notFoundLabel, ...imageProps }: ResponsiveImageProps) => {
  // What failed, by source, so a new src starts afresh without an effect.
  const [failed, setFailed] = useState<{ src: string; stage: 'variants' | 'original' } | null>(null);
  const srcSet = srcSetOf(variants);
  const stage = failed?.src === src ? failed.stage : null;
  if (stage === 'original') {
    if (!notFoundLabel) return null;
    return (
      // The words are drawn by CSS from the label: named once, by the role's label, and never text
      // inside a control named otherwise (the carousel's 'View full screen': WCAG 2.5.3, label in name).
      <Center
        bg="bg.muted"
        color="fg.muted"
        fontSize="sm"
        w="full"
        h="full"
        role="img"
        aria-label={notFoundLabel}
        data-label={notFoundLabel}
        _after={{ content: 'attr(data-label)' }}
      />
    );
  }
  const useVariants = srcSet !== '' && stage === null;
  return (
    <Image
      key={useVariants ? 'variants' : 'original'}
      src={src}
      srcSet={useVariants ? srcSet : undefined}
      sizes={useVariants ? sizes : undefined}
      alt={alt}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
      onError={() => setFailed({ src, stage: useVariants ? 'variants' : 'original' })}
      {...imageProps}
    />
  );
};
