import { Box, Checkbox, chakra, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { formatArea, formatPrice } from '@repo/types';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { UnitListItem } from '../api/types';
import { useVirtualRows } from '@/hooks/use-virtual-rows';
import { UNIT_CARDS_TEXT } from '../utils/card-messages';
import { UNITS_TEXT } from '../utils/messages';
import { unitArea } from '../utils/unit-table';
import type { UnitsTableProps } from './units-table';
import { StatusBadge } from './status-badge';

export type UnitCardListProps = Omit<UnitsTableProps, 'sort' | 'onSort'>;

/** Each card's slot, its gap included: fixed, so the list can be windowed like the table. */
const CARD_HEIGHT = 124;
const VIEWPORT = 600;

/**
 * The whole card is the unit's link: the link holds everything the card shows, so a tap on the price
 * or the status lands on it, and stretches over the card's padding too (the checkbox sits above).
 */
const CARD_CSS = {
  '& .unit-card-link': { color: 'inherit', textDecoration: 'none' },
  '& .unit-card-number': { fontWeight: 'semibold', fontSize: 'lg', color: 'fg' },
  '& .unit-card-link::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'md' },
  '& .unit-card-link:focus-visible': { outline: 'none' },
  '& .unit-card-link:focus-visible::after': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
} as const;

interface UnitCardProps {
  unit: UnitListItem;
  /** 1-based position among all cards, and their count, for screen readers (the DOM holds only a window). */
  position: number;
  count: number;
  href: string;
  visibleTo: readonly string[] | null;
  selectable: boolean;
  selected: boolean;
  onToggle: (id: number, checked: boolean) => void;
}

/** One unit at a glance: number and status, type · floor · view, area and the whole price (never cut off). */
const UnitCard = memo(({ unit, position, count, href, visibleTo, selectable, selected, onToggle }: UnitCardProps) => {
  const details = [unit.unitType, unit.floor ? UNIT_CARDS_TEXT.floor(unit.floor) : null, unit.view].filter(Boolean).join(' · ');
  const area = formatArea(unitArea(unit));
  return (
    <chakra.li h={`${CARD_HEIGHT}px`} pb="2" listStyleType="none" aria-posinset={position} aria-setsize={count} data-unit-id={unit.id}>
      <HStack
        position="relative"
        h="full"
        align="flex-start"
        gap="1"
        px="3"
        py="2"
        borderWidth="1px"
        rounded="md"
        bg={selected ? 'brand.subtle' : 'bg.panel'}
        borderColor={selected ? 'brand.solid' : 'border'}
        _hover={{ bg: 'bg.muted' }}
      >
        {selectable && (
          <Checkbox.Root
            colorPalette="brand"
            position="relative"
            zIndex="1"
            justifyContent="center"
            ms="-2"
            checked={selected}
            onCheckedChange={(details) => onToggle(unit.id, details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label srOnly>{UNITS_TEXT.selectUnit(unit.unitNumber)}</Checkbox.Label>
          </Checkbox.Root>
        )}
        <Stack asChild gap="1" flex="1" minW="0" pt="2">
          <Link to={href} className="unit-card-link">
            <HStack justify="space-between" gap="2">
              <span className="unit-card-number">
                <VisuallyHidden>{UNIT_CARDS_TEXT.unitPrefix}</VisuallyHidden>
                {unit.unitNumber}
              </span>
              <StatusBadge status={unit.status} flexShrink={0} />
            </HStack>
            <Text fontSize="sm" color="fg.muted" truncate>
              {details || '\u00a0'}
            </Text>
            <HStack justify="space-between" gap="2" align="baseline">
              <Text fontSize="sm" color="fg.muted" truncate>
                {area ?? ''}
              </Text>
              <Text fontWeight="semibold" whiteSpace="nowrap" flexShrink={0} data-testid="unit-card-price">
                {formatPrice(unit.price, visibleTo)}
              </Text>
            </HStack>
          </Link>
        </Stack>
      </HStack>
    </chakra.li>
  );
});
UnitCard.displayName = 'UnitCard';

/**
 * The units list at a phone's size (spec §2, issue #26): the table's rows as cards, in the same
 * order and under the same search and filters, each card a link to the unit, and for the admin a
 * checkbox on each card and 'select all' above. Windowed like the table, so 5,000 units stay quick.
 */
export const UnitCardList = ({ rows, hrefOf, visibleTo, scrollResetKey, selection }: UnitCardListProps) => {
  const { scrollRef, start, end, paddingTop, paddingBottom } = useVirtualRows({
    count: rows.length,
    rowHeight: CARD_HEIGHT,
    viewportHeight: VIEWPORT,
    resetKey: scrollResetKey,
  });

  if (rows.length === 0) {
    return (
      <Text color="fg.muted" py="8" textAlign="center" role="status">
        {UNITS_TEXT.empty}
      </Text>
    );
  }
  const allSelected = selection !== undefined && rows.every((unit) => selection.isSelected(unit.id));
  const someSelected = selection !== undefined && !allSelected && rows.some((unit) => selection.isSelected(unit.id));

  return (
    <Stack gap="2">
      {selection && (
        <Checkbox.Root
          colorPalette="brand"
          checked={allSelected ? true : someSelected ? 'indeterminate' : false}
          onCheckedChange={(details) =>
            selection.onToggleAll(
              rows.map((unit) => unit.id),
              details.checked === true,
            )
          }
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{UNITS_TEXT.selectAll}</Checkbox.Label>
        </Checkbox.Root>
      )}
      <Box ref={scrollRef} maxH={`min(${VIEWPORT}px, 70vh)`} overflowY="auto" overscrollBehavior="contain" data-testid="units-scroll">
        <chakra.ul aria-label={UNIT_CARDS_TEXT.listLabel} m="0" p="0" style={{ paddingTop, paddingBottom }} css={CARD_CSS}>
          {rows.slice(start, end).map((unit, offset) => (
            <UnitCard
              key={unit.id}
              unit={unit}
              position={start + offset + 1}
              count={rows.length}
              href={hrefOf(unit)}
              visibleTo={visibleTo}
              selectable={selection !== undefined}
              selected={selection?.isSelected(unit.id) ?? false}
              onToggle={selection?.onToggle ?? noop}
            />
          ))}
        </chakra.ul>
      </Box>
    </Stack>
  );
};

const noop = () => undefined;
