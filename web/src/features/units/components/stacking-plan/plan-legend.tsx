import { Flex, Text } from '@chakra-ui/react';
import { UNIT_STATUSES, type UnitStatus } from '@repo/types';
import { memo } from 'react';
import { STACKING_TEXT } from '@/features/units/utils/stacking-plan-messages';

export interface PlanLegendProps {
  counts: Record<UnitStatus, number>;
  /** Agents: only the statuses their units have (they never see unavailable or occupied ones). */
  hideEmpty?: boolean;
}

/** Each status's colour, pattern and letter, with how many of the viewer's units have it. */
export const PlanLegend = memo(({ counts, hideEmpty = false }: PlanLegendProps) => (
  <Flex as="ul" aria-label={STACKING_TEXT.legend} gap="3" wrap="wrap" listStyleType="none" className="plan-legend">
    {UNIT_STATUSES.filter((status) => !hideEmpty || counts[status] > 0).map((status) => (
      <Flex as="li" key={status} align="center" gap="1.5">
        <span className="plan-swatch" data-status={status} aria-hidden="true">
          {STACKING_TEXT.statusMark[status]}
        </span>
        <Text fontSize="sm">{STACKING_TEXT.legendItem(status, counts[status])}</Text>
      </Flex>
    ))}
  </Flex>
));
PlanLegend.displayName = 'PlanLegend';
