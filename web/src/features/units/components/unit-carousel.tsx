import { Box, Center, chakra, CloseButton, Dialog, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';
import type { UnitImage as UnitImageEntry } from '@repo/types';
import { useState, type FocusEvent, type KeyboardEvent } from 'react';
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
 * touch, previous/next, 'n / total', thumbnails, and a full-screen view on click. It also pauses while
 * it holds the keyboard focus, has a visible pause/play control (WCAG 2.2.2), and the left and right
 * arrow keys move between the images.
 */
export const UnitCarousel = ({ images, title }: UnitCarouselProps) => {
  const featured = Math.max(
    0,
    images.findIndex((image) => image.featured),
  );
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
  const handleKeyDown = (event: KeyboardEvent) => {
    if (images.length < 2 || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') carousel.previous();
    else if (event.key === 'ArrowRight') carousel.next();
    else return;
    event.preventDefault();
  };
  // Focus moving between the carousel's own buttons keeps it paused; leaving it resumes.
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) carousel.blur();
  };
  const alt = `${title} – ${carousel.index + 1}`;
  const arrows = images.length > 1 && (
    <>
      <IconButton
        aria-label={UNIT_DETAIL_TEXT.previous}
        position="absolute"
        left="2"
        top="50%"
        transform="translateY(-50%)"
        size="sm"
        variant="subtle"
        onClick={carousel.previous}
      >
        <span aria-hidden="true">‹</span>
      </IconButton>
      <IconButton
        aria-label={UNIT_DETAIL_TEXT.next}
        position="absolute"
        right="2"
        top="50%"
        transform="translateY(-50%)"
        size="sm"
        variant="subtle"
        onClick={carousel.next}
      >
        <span aria-hidden="true">›</span>
      </IconButton>
    </>
  );

  return (
    // A region of its own (WAI-ARIA's carousel pattern), itself focusable so that the arrow keys work
    // from it as from its buttons; the pointer anywhere on it, thumbnails included, pauses it.
    <Stack
      gap="2"
      role="region"
      aria-roledescription="carousel"
      aria-label={title}
      tabIndex={0}
      rounded="md"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      onFocus={carousel.focus}
      onBlur={handleBlur}
      onKeyDown={handleKeyDown}
      onMouseEnter={carousel.pause}
      onMouseLeave={carousel.resume}
      onTouchStart={carousel.pause}
      onTouchEnd={carousel.resume}
      data-paused={carousel.paused}
    >
      <Box position="relative" h="320px" rounded="md" overflow="hidden" bg="bg.muted">
        <chakra.button type="button" w="full" h="full" aria-label={UNIT_DETAIL_TEXT.fullScreen} onClick={() => setFullScreen(true)} cursor="zoom-in">
          <UnitImage
            key={image.url}
            src={image.url}
            variants={image.variants}
            sizes={CAROUSEL_SIZES}
            loading="eager"
            fetchPriority="high"
            alt={alt}
            w="full"
            h="full"
            objectFit="cover"
          />
        </chakra.button>
        {arrows}
        {images.length > 1 && (
          <IconButton
            aria-label={carousel.stopped ? UNIT_DETAIL_TEXT.playSlideshow : UNIT_DETAIL_TEXT.pauseSlideshow}
            position="absolute"
            bottom="2"
            left="2"
            size="sm"
            variant="subtle"
            onClick={carousel.toggleStopped}
          >
            <span aria-hidden="true">{carousel.stopped ? '▶' : '❚❚'}</span>
          </IconButton>
        )}
        {/* Announced only while still: a slide show that moves by itself would talk every 5 seconds. */}
        <Text
          position="absolute"
          bottom="2"
          right="2"
          px="2"
          rounded="sm"
          bg="blackAlpha.800"
          color="white"
          fontSize="sm"
          aria-live={carousel.paused ? 'polite' : 'off'}
        >
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
      <Dialog.Root lazyMount unmountOnExit open={fullScreen} onOpenChange={(details) => setFullScreen(details.open)} size="full">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content bg="black" aria-label={title} onKeyDown={handleKeyDown}>
              <Box position="relative" w="full" h="100vh">
                <UnitImage
                  key={image.url}
                  src={image.url}
                  variants={image.variants}
                  sizes="100vw"
                  loading="eager"
                  alt={alt}
                  w="full"
                  h="full"
                  objectFit="contain"
                />
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
