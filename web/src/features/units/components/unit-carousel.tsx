import { Box, Center, chakra, CloseButton, Dialog, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import type { UnitImage as UnitImageEntry } from '@repo/types';
import { useState } from 'react';
import { useCarousel } from '../hooks/use-carousel';
import { UNIT_DETAIL_TEXT } from '../utils/messages';
import { UnitImage } from './unit-image';

/** The carousel's width: the detail page's image column on wide screens, the whole width on phones. */
const CAROUSEL_SIZES = '(min-width: 62em) 60vw, 100vw';

export interface UnitCarouselProps {
  images: readonly UnitImageEntry[];
  title: string;
}

/**
 * The unit's images (spec §2): starts at the featured image, advances every 5 s, pauses on hover or
 * touch, previous/next, 'n / total', thumbnails, and a full-screen view on click.
 */
export const UnitCarousel = ({ images, title }: UnitCarouselProps) => {
  const featured = Math.max(0, images.findIndex((image) => image.featured));
  const carousel = useCarousel(images.length, featured);
  const [fullScreen, setFullScreen] = useState(false);

  if (images.length === 0) {
    return (
      <Center h="280px" bg="bg.muted" rounded="md" color="fg.muted">
        <Text>{UNIT_DETAIL_TEXT.noImages}</Text>
      </Center>
    );
  }
  const image = images[carousel.index];
  const alt = `${title} – ${carousel.index + 1}`;
  const arrows = images.length > 1 && (
    <>
      <IconButton aria-label={UNIT_DETAIL_TEXT.previous} position="absolute" left="2" top="50%" transform="translateY(-50%)" size="sm" variant="subtle" onClick={carousel.previous}>
        <span aria-hidden="true">‹</span>
      </IconButton>
      <IconButton aria-label={UNIT_DETAIL_TEXT.next} position="absolute" right="2" top="50%" transform="translateY(-50%)" size="sm" variant="subtle" onClick={carousel.next}>
        <span aria-hidden="true">›</span>
      </IconButton>
    </>
  );

  return (
    <Stack gap="2" aria-roledescription="carousel" aria-label={title}>
      <Box
        position="relative"
        h="320px"
        rounded="md"
        overflow="hidden"
        bg="bg.muted"
        onMouseEnter={carousel.pause}
        onMouseLeave={carousel.resume}
        onTouchStart={carousel.pause}
        onTouchEnd={carousel.resume}
        data-paused={carousel.paused}
      >
        <chakra.button type="button" w="full" h="full" aria-label={UNIT_DETAIL_TEXT.fullScreen} onClick={() => setFullScreen(true)} cursor="zoom-in">
          <UnitImage key={image.url} src={image.url} variants={image.variants} sizes={CAROUSEL_SIZES} loading="eager" fetchPriority="high" alt={alt} w="full" h="full" objectFit="cover" />
        </chakra.button>
        {arrows}
        <Text position="absolute" bottom="2" right="2" px="2" rounded="sm" bg="blackAlpha.600" color="white" fontSize="sm" aria-live="polite">
          {carousel.index + 1} / {images.length}
        </Text>
      </Box>
      {images.length > 1 && (
        <HStack gap="2" overflowX="auto">
          {images.map((entry, position) => (
            <chakra.button
              type="button"
              key={entry.id}
              aria-label={UNIT_DETAIL_TEXT.showImage(position + 1)}
              aria-current={position === carousel.index}
              w="72px"
              h="48px"
              flexShrink={0}
              rounded="sm"
              overflow="hidden"
              borderWidth="2px"
              borderColor={position === carousel.index ? 'brand.solid' : 'transparent'}
              onClick={() => carousel.goTo(position)}
            >
              <UnitImage src={entry.url} variants={entry.variants} sizes="72px" alt="" w="full" h="full" objectFit="cover" />
            </chakra.button>
          ))}
        </HStack>
      )}
      <Dialog.Root open={fullScreen} onOpenChange={(details) => setFullScreen(details.open)} size="full">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content bg="black" aria-label={title}>
              <Box position="relative" w="full" h="100vh">
                <UnitImage key={image.url} src={image.url} variants={image.variants} sizes="100vw" loading="eager" alt={alt} w="full" h="full" objectFit="contain" />
                {arrows}
              </Box>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={UNIT_DETAIL_TEXT.closeFullScreen} color="white" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
};
