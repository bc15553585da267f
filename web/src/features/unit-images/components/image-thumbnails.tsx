import { Badge, Box, chakra, SimpleGrid } from '@chakra-ui/react';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import type { UnitImage } from '@repo/types';
import { IMAGES_TEXT } from '../utils/messages';

export interface ImageThumbnailsProps {
  images: readonly UnitImage[];
  /** Shared mode: images that came from the source unit carry its badge. */
  shared: boolean;
  onOpen: (image: UnitImage) => void;
}

/** The unit's images as buttons that open the preview; the featured one is marked 'Primary'. */
export const ImageThumbnails = ({ images, shared, onOpen }: ImageThumbnailsProps) => (
  <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, sm: 3, md: 4 }} gap="3" aria-label={IMAGES_TEXT.manager}>
    {images.map((image, index) => (
      <Box as="li" key={`${image.id}-${index}`} position="relative">
        <chakra.button
          type="button"
          display="block"
          w="full"
          aspectRatio="4 / 3"
          rounded="md"
          overflow="hidden"
          borderWidth="2px"
          borderColor={image.featured ? 'brand.solid' : 'border'}
          bg="bg.muted"
          aria-label={IMAGES_TEXT.openImage(index + 1)}
          onClick={() => onOpen(image)}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
        >
          <ResponsiveImage
            src={image.url}
            variants={image.variants}
            sizes="(min-width: 48em) 25vw, (min-width: 30em) 33vw, 50vw"
            alt={image.name ?? ''}
            w="full"
            h="full"
            objectFit="cover"
            notFoundLabel={IMAGES_TEXT.imageNotFound}
          />
        </chakra.button>
        <Box position="absolute" top="1" left="1" display="flex" gap="1" pointerEvents="none">
          {image.featured && (
            <Badge colorPalette="brand" variant="solid">
              {IMAGES_TEXT.primary}
            </Badge>
          )}
          {shared && image.isSourceUnit && (
            <Badge colorPalette="purple" variant="solid">
              {IMAGES_TEXT.sourceUnit}
            </Badge>
          )}
        </Box>
      </Box>
    ))}
  </SimpleGrid>
);
