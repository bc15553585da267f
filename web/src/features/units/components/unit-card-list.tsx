import { Box, Checkbox, chakra, Stack, Text, type SystemStyleObject } from '@chakra-ui/react';
import { formatArea, formatPrice } from '@repo/types';
import { memo, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { UnitListItem } from '../api/types';
import { useVirtualRows } from '@/hooks/use-virtual-rows';
import { UNIT_CARDS_TEXT } from '../utils/card-messages';
import { UNITS_TEXT } from '../utils/messages';
import { unitArea } from '../utils/unit-table';
import { useStatusBadgeCss } from './status-badge';
import type { UnitsTableProps } from './units-table';

export type UnitCardListProps = Omit<UnitsTableProps, 'sort' | 'onSort'>;

/** Each card's slot, its gap included: fixed, so the list can be windowed like the table. */
const CARD_HEIGHT = 124;
const VIEWPORT = 600;

// A card is plain elements styled once for the list (useCardListCss), not a styled component each:
// scrolling renders new cards, and each styled component is several fibers and a style object
// hashed. The look is the theme's: an HStack of a Stack, Text and the status's subtle Badge.
const CARD_CSS = {
  '& > li': { h: `${CARD_HEIGHT}px`, pb: '2', listStyleType: 'none' },
  '& .unit-card': {
    position: 'relative',
    h: 'full',
    display: 'flex',
    alignItems: 'flex-start',
    gap: '1',
    px: '3',
    py: '2',
    borderWidth: '1px',
    rounded: 'md',
    bg: 'bg.panel',
    borderColor: 'border',
    _hover: { bg: 'bg.muted' },
  },
  // Hovered, selected or not, a card shows bg.muted (on a screen that hovers: the condition's media query).
  '& .unit-card[data-selected]': { bg: 'brand.subtle', borderColor: 'brand.solid', _hover: { bg: 'bg.muted' } },
  // The whole card is the unit's link: the link holds everything the card shows, so a tap on the
  // price or the status lands on it, and stretches over the card's padding too (the checkbox sits above).
  '& .unit-card-link': { display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minW: '0', pt: '2', color: 'inherit', textDecoration: 'none' },
  '& .unit-card-link::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'md' },
  '& .unit-card-link:focus-visible': { outline: 'none' },
  '& .unit-card-link:focus-visible::after': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  '& .unit-card-row': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' },
  '& .unit-card-row[data-baseline]': { alignItems: 'baseline' },
  '& .unit-card-number': { fontWeight: 'semibold', fontSize: 'lg', color: 'fg' },
  '& .unit-card-hidden': { srOnly: true },
  '& .unit-card-muted': { fontSize: 'sm', color: 'fg.muted', truncate: true },
  '& .unit-card-price': { fontWeight: 'semibold', whiteSpace: 'nowrap', flexShrink: 0 },
};

/** The list's styles: the cards' own, and a StatusBadge's look for their status. */
const useCardListCss = (): SystemStyleObject => {
  const status = useStatusBadgeCss('unit-card-status');
  return useMemo(() => ({ ...status, ...CARD_CSS }) as SystemStyleObject, [status]);
};

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
    <li aria-posinset={position} aria-setsize={count} data-unit-id={unit.id}>
      <div className="unit-card" data-selected={selected ? '' : undefined}>
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
        <Link to={href} className="unit-card-link">
          <div className="unit-card-row">
            <span className="unit-card-number">
              <span className="unit-card-hidden">{UNIT_CARDS_TEXT.unitPrefix}</span>
              {unit.unitNumber}
            </span>
            <span className="unit-card-status" data-status={unit.status}>
              {unit.status}
            </span>
          </div>
          <p className="unit-card-muted">{details || '\u00a0'}</p>
          <div className="unit-card-row" data-baseline="">
            <p className="unit-card-muted">{area ?? ''}</p>
            <p className="unit-card-price" data-testid="unit-card-price">
              {formatPrice(unit.price, visibleTo)}
            </p>
          </div>
        </Link>
      </div>
    </li>
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
  const listCss = useCardListCss();

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
        <chakra.ul aria-label={UNIT_CARDS_TEXT.listLabel} m="0" p="0" style={{ paddingTop, paddingBottom }} css={listCss}>
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
