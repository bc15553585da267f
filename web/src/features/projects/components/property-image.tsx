import { Box, type BoxProps } from '@chakra-ui/react';
import { toObjectPositionWords, type ImageMetadata, type ImageVariant } from '@repo/types';
import { ResponsiveImage, type ResponsiveImageProps } from '@/components/ui/responsive-image';

export interface PropertyCoverProps extends Omit<ResponsiveImageProps, 'variants' | 'sizes' | 'loading' | 'fetchPriority' | 'notFoundLabel'> {
  metadata?: ImageMetadata | null;
  /** The server's WebP sizes of the cover (none for a preview of a file not uploaded yet). */
  variants?: readonly ImageVariant[] | null;
  /** The first cards of a dashboard are its largest paint: fetched at once, first. */
  priority?: boolean;
}

export interface PropertyImageProps extends BoxProps, Pick<PropertyCoverProps, 'src' | 'alt' | 'metadata' | 'variants' | 'priority'> {}

/** A card is a third of a wide screen, half of a medium one, the whole width of a phone. */
const CARD_SIZES = '(min-width: 80em) 33vw, (min-width: 48em) 50vw, 100vw';

/**
 * The cover picture at a card's width, anchored where the crop dialog's position grid said. Its box
 * sizes it: PropertyImage's, or a dashboard card's (styled once per grid, property-card.tsx).
 */
export const PropertyCover = ({ metadata, variants, priority = false, style, ...imageProps }: PropertyCoverProps) => (
  <ResponsiveImage
    variants={variants}
    sizes={CARD_SIZES}
    loading={priority ? 'eager' : 'lazy'}
    fetchPriority={priority ? 'high' : undefined}
    style={{ objectPosition: toObjectPositionWords(metadata?.objectPosition), ...style }}
    {...imageProps}
  />
);

/** The card's image box (the property form's preview): the picture fills it. */
export const PropertyImage = ({ src, alt, metadata, variants, priority, ...boxProps }: PropertyImageProps) => (
  <Box h="180px" overflow="hidden" bg="bg.muted" {...boxProps}>
    <PropertyCover src={src} alt={alt} metadata={metadata} variants={variants} priority={priority} w="full" h="full" objectFit="cover" />
  </Box>
);
