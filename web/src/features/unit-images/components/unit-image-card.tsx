import { Badge, Box, Card, Center, chakra, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { STATUS_PALETTE } from '@/lib/status-colors';
import { featuredImage, isFollower, isSource } from '@repo/types';
import type { ImageUnit } from '../api/types';
import { IMAGES_TEXT } from '../utils/messages';

export interface UnitImageCardProps {
  unit: ImageUnit;
  selected: boolean;
  onSelect: (unit: ImageUnit) => void;
}

/** A unit on the unit-images screen (spec §2): number, 'Source', status, bedrooms, floor, first image, count. */
export const UnitImageCard = ({ unit, selected, onSelect }: UnitImageCardProps) => {
  const cover = featuredImage(unit.images);
  const follower = isFollower(unit);
  return (
    <Card.Root asChild variant="outline" overflow="hidden" borderWidth="2px" borderColor={selected ? 'brand.solid' : 'border'} data-selected={selected}>
      <chakra.button
        type="button"
        textAlign="start"
        aria-pressed={selected}
        onClick={() => onSelect(unit)}
        _hover={{ shadow: 'md' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      >
        {/* The name is the card's text led by what it does: what it shows is part of what it is called (WCAG 2.5.3). */}
        <VisuallyHidden>{IMAGES_TEXT.selectUnit(unit.unitNumber)}</VisuallyHidden>
        <Box aspectRatio="16 / 9" bg="bg.muted" w="full">
          {cover ? (
            <ResponsiveImage
              src={cover.url}
              variants={cover.variants}
              sizes="(min-width: 80em) 20vw, (min-width: 48em) 33vw, 100vw"
              alt=""
              w="full"
              h="full"
              objectFit="cover"
              notFoundLabel={IMAGES_TEXT.imageNotFound}
            />
          ) : (
            <Center h="full" color="fg.muted" fontSize="sm">
              {IMAGES_TEXT.noImageAlt}
            </Center>
          )}
        </Box>
        <Stack gap="1" p="3" w="full">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{unit.unitNumber}</Text>
            {isSource(unit) && !follower && <Badge colorPalette="green">{IMAGES_TEXT.source}</Badge>}
            <Badge colorPalette={STATUS_PALETTE[unit.status]} variant="subtle">
              {unit.status}
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {[unit.bedrooms === null ? null : IMAGES_TEXT.bedrooms(unit.bedrooms), unit.floor ? IMAGES_TEXT.floor(unit.floor) : null]
              .filter(Boolean)
              .join(' · ') || '\u00a0'}
          </Text>
          <Text fontSize="sm">{unit.images.length === 0 ? IMAGES_TEXT.noImages : IMAGES_TEXT.imageCount(unit.images.length)}</Text>
          {follower && (
            <Text fontSize="sm" color="purple.fg">
              {IMAGES_TEXT.usingShared}
            </Text>
          )}
        </Stack>
      </chakra.button>
    </Card.Root>
  );
};
