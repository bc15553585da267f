import { Box, type BoxProps } from '@chakra-ui/react';
import { toObjectPositionWords, type ImageMetadata, type ImageVariant } from '@repo/types';
import { ResponsiveImage } from '@/components/ui/responsive-image';

export interface PropertyImageProps extends BoxProps {
  src: string;
  alt: string;
  metadata?: ImageMetadata | null;
  /** The server's WebP sizes of the cover (none for a preview of a file not uploaded yet). */
  variants?: readonly ImageVariant[] | null;
  /** The first cards of a dashboard are its largest paint: fetched at once, first. */
  priority?: boolean;
}

/** A card is a third of a wide screen, half of a medium one, the whole width of a phone. */
export const CARD_SIZES = '(min-width: 80em) 33vw, (min-width: 48em) 50vw, 100vw';

/** The card's image box: the picture fills it, anchored where the crop dialog's position grid said. */
export const PropertyImage = ({ src, alt, metadata, variants, priority = false, ...boxProps }: PropertyImageProps) => (
  <Box h="180px" overflow="hidden" bg="bg.muted" {...boxProps}>
    <ResponsiveImage
      src={src}
      variants={variants}
      sizes={CARD_SIZES}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      alt={alt}
      w="full"
      h="full"
      objectFit="cover"
      objectPosition={toObjectPositionWords(metadata?.objectPosition)}
    />
  </Box>
);
