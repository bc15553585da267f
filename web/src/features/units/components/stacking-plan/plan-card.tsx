import { Box, Stack, Text } from '@chakra-ui/react';
import { useUnit } from '@/features/units/api/get-unit';
import type { UnitListItem } from '@/features/units/api/types';
import { STACKING_TEXT } from '@/features/units/utils/stacking-plan-messages';
import { unitArea } from '@/features/units/utils/unit-table';
import { UnitImage } from '../unit-image';

export interface PlanCardProps {
  unit: UnitListItem;
  /** Where the cell is on screen: the card sits below it (or above, near the bottom edge). */
  anchor: DOMRect;
}

const WIDTH = 220;

/**
 * The card of the cell under the pointer or the focus: area, bedrooms, view and the first image.
 * The image comes from the unit's own read (GET /units/:id, the same server rule as its page).
 */
export const PlanCard = ({ unit, anchor }: PlanCardProps) => {
  const { unit: detail } = useUnit(unit.id);
  const image = detail?.images.find((entry) => entry.featured) ?? detail?.images[0];
  const below = anchor.bottom + 230 < window.innerHeight;
  const left = Math.max(8, Math.min(anchor.left, window.innerWidth - WIDTH - 8));
  return (
    <Box
      role="tooltip"
      position="fixed"
      zIndex="popover"
      style={{ left, top: below ? anchor.bottom + 6 : undefined, bottom: below ? undefined : window.innerHeight - anchor.top + 6, width: WIDTH }}
      bg="bg.panel"
      borderWidth="1px"
      rounded="md"
      shadow="lg"
      overflow="hidden"
      pointerEvents="none"
      className="no-print"
      data-testid="plan-card"
    >
      <Box h="110px" bg="bg.muted">
        {image ? (
          <UnitImage src={image.url} variants={image.variants} sizes={`${WIDTH}px`} alt={`Unit ${unit.unitNumber}`} w="full" h="full" objectFit="cover" />
        ) : (
          <Text fontSize="xs" color="fg.muted" p="3">
            {STACKING_TEXT.noImage}
          </Text>
        )}
      </Box>
      <Stack gap="0.5" p="2.5" fontSize="sm">
        <Text fontWeight="semibold">Unit {unit.unitNumber}</Text>
        <Text>
          {STACKING_TEXT.area}: {STACKING_TEXT.areaText(unitArea(unit))}
        </Text>
        <Text>
          {STACKING_TEXT.bedrooms}: {unit.bedrooms ?? '—'}
        </Text>
        <Text>
          {STACKING_TEXT.view}: {unit.view ?? '—'}
        </Text>
      </Stack>
    </Box>
  );
};
