import { Badge, Box, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { formatPrice } from '@repo/types';
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualRows } from '@/hooks/use-virtual-rows';
import type { SoldUnit } from '../api/get-sold-units';
import { SALE_STATUS_LABELS, SOLD_UNITS_TEXT } from '../utils/messages';

export interface SoldUnitListProps {
  units: readonly SoldUnit[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The regions of a unit's project, which choose its currency (spec §9). */
  visibleToOf: (unit: SoldUnit) => readonly string[] | null;
  /** When this changes (another filter), the list scrolls back to its top. */
  scrollResetKey?: string;
}

/**
 * Each option's height, fixed so the list can be windowed: the number line, the project and price
 * line, and the sale statuses on at most two lines (they wrap on a phone).
 */
const ROW_HEIGHT = 104;
/** Spec §2: at most 600px tall. */
const VIEWPORT = 600;
/**
 * Up to this many sold units the list holds them all in its DOM (quick enough, and every unit is
 * there for the browser's find-in-page); beyond it, only a window of them.
 */
const WHOLE_LIST_MAX = 200;

interface SoldUnitOptionProps {
  unit: SoldUnit;
  index: number;
  count: number;
  selected: boolean;
  /** The one option reached with Tab (roving focus); the arrow keys move it. */
  active: boolean;
  visibleTo: readonly string[] | null;
  onSelect: (id: number) => void;
  onFocusRow: (index: number) => void;
}

const SoldUnitOption = memo(({ unit, index, count, selected, active, visibleTo, onSelect, onFocusRow }: SoldUnitOptionProps) => (
  <chakra.li
    role="option"
    aria-selected={selected}
    aria-posinset={index + 1}
    aria-setsize={count}
    data-index={index}
    tabIndex={active ? 0 : -1}
    h={`${ROW_HEIGHT}px`}
    display="flex"
    flexDirection="column"
    justifyContent="center"
    cursor="pointer"
    px="3"
    borderBottomWidth="1px"
    listStyleType="none"
    bg={selected ? 'brand.subtle' : undefined}
    _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
    _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
    onClick={() => onSelect(unit.id)}
    onFocus={() => onFocusRow(index)}
  >
    <Stack gap="1">
      <HStack justify="space-between" gap="2">
        <Text fontWeight="semibold" truncate>
          Unit {unit.unitNumber}
        </Text>
        <HStack gap="1" flexShrink={0}>
          {unit.overdue && <Badge colorPalette="red">{SOLD_UNITS_TEXT.overdue}</Badge>}
          {unit.archived && <Badge>{SOLD_UNITS_TEXT.archivedBadge}</Badge>}
        </HStack>
      </HStack>
      <Text fontSize="sm" color="fg.muted" truncate>
        {unit.projectName ?? `Project ${unit.projectId}`} · {formatPrice(unit.price, visibleTo)}
      </Text>
      <Text fontSize="xs" color="fg.muted" lineClamp={2}>
        Registration {SALE_STATUS_LABELS[unit.saleDetails.registrationStatus]} · Handover {SALE_STATUS_LABELS[unit.saleDetails.handoverStatus]} · Payment{' '}
        {SALE_STATUS_LABELS[unit.saleDetails.paymentStatus]}
      </Text>
    </Stack>
  </chakra.li>
));
SoldUnitOption.displayName = 'SoldUnitOption';

/** The keys that move the active option, and where to: a row index, clamped by the caller. */
const moves: Record<string, (index: number, count: number, page: number) => number> = {
  ArrowDown: (index) => index + 1,
  ArrowUp: (index) => index - 1,
  PageDown: (index, _count, page) => index + page,
  PageUp: (index, _count, page) => index - page,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The left list (spec §2): every sold unit, not paged, at most 600px tall and scrolling. Beyond a
 * few hundred units it is windowed like the units table, so thousands render as quickly as ten,
 * each option telling its place in the whole list (aria-posinset, aria-setsize). A listbox with one tab
 * stop: the arrow keys, Page Up/Down, Home and End move between units, Enter or Space chooses one.
 */
export const SoldUnitList = ({ units, selectedId, onSelect, visibleToOf, scrollResetKey = '' }: SoldUnitListProps) => {
  const rows = useVirtualRows({ count: units.length, rowHeight: ROW_HEIGHT, viewportHeight: VIEWPORT, resetKey: scrollResetKey });
  const { scrollRef, scrollToRow } = rows;
  const { start, end, paddingTop, paddingBottom } = units.length > WHOLE_LIST_MAX ? rows : { start: 0, end: units.length, paddingTop: 0, paddingBottom: 0 };
  // The active option of this filtering; another filter starts again from the top, as the scroll does.
  // It starts on the selected unit, looked up once rather than at every render (a scroll renders too).
  const [activeRow, setActiveRow] = useState(() => ({
    key: scrollResetKey,
    index: Math.max(
      0,
      units.findIndex((unit) => unit.id === selectedId),
    ),
  }));
  const active = activeRow.key === scrollResetKey ? Math.min(activeRow.index, units.length - 1) : 0;
  const setActiveIndex = useCallback((index: number) => setActiveRow({ key: scrollResetKey, index }), [scrollResetKey]);
  // The list's one tab stop: the active option, or the first one shown when it has scrolled out of the window.
  const tabStop = active >= start && active < end ? active : start;
  const list = useRef<HTMLUListElement>(null);
  /** A row the keyboard moved to, focused once its window has rendered. */
  const focusPending = useRef<number | null>(null);

  useEffect(() => {
    if (focusPending.current === null) return;
    const option = list.current?.querySelector<HTMLElement>(`[data-index="${focusPending.current}"]`);
    if (!option) return;
    focusPending.current = null;
    option.focus({ preventScroll: true });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (units[active]) onSelect(units[active].id);
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const next = Math.max(0, Math.min(units.length - 1, move(active, units.length, Math.floor(VIEWPORT / ROW_HEIGHT))));
    setActiveIndex(next);
    focusPending.current = next;
    scrollToRow(next);
  };

  return (
    <Box ref={scrollRef} maxH={`${VIEWPORT}px`} overflowY="auto" overscrollBehavior="contain" borderWidth="1px" borderRadius="md" bg="bg">
      <chakra.ul ref={list} role="listbox" aria-label="Sold units" m="0" p="0" style={{ paddingTop, paddingBottom }} onKeyDown={onKeyDown}>
        {units.slice(start, end).map((unit, offset) => (
          <SoldUnitOption
            key={unit.id}
            unit={unit}
            index={start + offset}
            count={units.length}
            selected={unit.id === selectedId}
            active={start + offset === tabStop}
            visibleTo={visibleToOf(unit)}
            onSelect={onSelect}
            onFocusRow={setActiveIndex}
          />
        ))}
      </chakra.ul>
    </Box>
  );
};
