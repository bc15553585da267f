import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { formatPrice } from '@repo/types';
import type { SoldUnit } from '../api/get-sold-units';
import { SALE_STATUS_LABELS, SOLD_UNITS_TEXT } from '../utils/messages';

export interface SoldUnitListProps {
  units: readonly SoldUnit[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** The regions of a unit's project, which choose its currency (spec §9). */
  visibleToOf: (unit: SoldUnit) => readonly string[] | null;
}

/** The left list (spec §2): every sold unit, not paged, at most 600px tall and scrolling. */
export const SoldUnitList = ({ units, selectedId, onSelect, visibleToOf }: SoldUnitListProps) => (
  <Box as="ul" role="listbox" aria-label="Sold units" maxH="600px" overflowY="auto" borderWidth="1px" borderRadius="md" bg="bg">
    {units.map((unit) => {
      const selected = unit.id === selectedId;
      return (
        <Box
          as="li"
          key={unit.id}
          role="option"
          aria-selected={selected}
          tabIndex={0}
          cursor="pointer"
          px="3"
          py="2"
          borderBottomWidth="1px"
          bg={selected ? 'brand.subtle' : undefined}
          _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
          onClick={() => onSelect(unit.id)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              onSelect(unit.id);
            }
          }}
        >
          <Stack gap="1">
            <HStack justify="space-between" gap="2">
              <Text fontWeight="semibold">Unit {unit.unitNumber}</Text>
              <HStack gap="1">
                {unit.overdue && <Badge colorPalette="red">{SOLD_UNITS_TEXT.overdue}</Badge>}
                {unit.archived && <Badge>{SOLD_UNITS_TEXT.archivedBadge}</Badge>}
              </HStack>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {unit.projectName ?? `Project ${unit.projectId}`} · {formatPrice(unit.price, visibleToOf(unit))}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              Registration {SALE_STATUS_LABELS[unit.saleDetails.registrationStatus]} · Handover {SALE_STATUS_LABELS[unit.saleDetails.handoverStatus]} · Payment{' '}
              {SALE_STATUS_LABELS[unit.saleDetails.paymentStatus]}
            </Text>
          </Stack>
        </Box>
      );
    })}
  </Box>
);
