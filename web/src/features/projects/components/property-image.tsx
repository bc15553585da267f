import { Box, Image, type BoxProps } from '@chakra-ui/react';
import { toObjectPositionWords, type ImageMetadata } from '@repo/types';

export interface PropertyImageProps extends BoxProps {
  src: string;
  alt: string;
  metadata?: ImageMetadata | null;
}

/** The card's image box: the picture fills it, anchored where the crop dialog's position grid said. */
export const PropertyImage = ({ src, alt, metadata, ...boxProps }: PropertyImageProps) => (
  <Box h="180px" overflow="hidden" bg="bg.muted" {...boxProps}>
    <Image src={src} alt={alt} w="full" h="full" objectFit="cover" objectPosition={toObjectPositionWords(metadata?.objectPosition)} />
  </Box>
);
