import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { UnitStatus } from '@repo/types';
import { STATUS_PALETTE } from '../utils/status-colors';

export interface StatusBadgeProps extends BadgeProps {
  status: UnitStatus;
}

export const StatusBadge = ({ status, ...badgeProps }: StatusBadgeProps) => (
  <Badge colorPalette={STATUS_PALETTE[status] ?? 'gray'} variant="subtle" data-status={status} {...badgeProps}>
    {status}
  </Badge>
);
