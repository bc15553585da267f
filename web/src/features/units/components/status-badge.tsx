import { Badge, useRecipe, type BadgeProps, type SystemStyleObject } from '@chakra-ui/react';
import type { UnitStatus } from '@repo/types';
import { useMemo } from 'react';
import { STATUS_PALETTE } from '@/lib/status-colors';

export interface StatusBadgeProps extends BadgeProps {
  status: UnitStatus;
}

export const StatusBadge = ({ status, ...badgeProps }: StatusBadgeProps) => (
  <Badge colorPalette={STATUS_PALETTE[status] ?? 'gray'} variant="subtle" data-status={status} {...badgeProps}>
    {status}
  </Badge>
);

/**
 * StatusBadge's look for a plain `<span className={className} data-status={status}>`, for a list
 * styled once rather than a styled component in each row (the table's rows, the phone's cards):
 * rows mount by the dozen on every sort, filter and scroll, and a Badge is several fibers and a
 * style object hashed each time. The Badge recipe's subtle variant, in the status's palette.
 */
export const useStatusBadgeCss = (className: string): SystemStyleObject => {
  const badge = useRecipe({ key: 'badge' });
  return useMemo(
    () => ({
      [`& .${className}`]: { ...badge({ variant: 'subtle' }), colorPalette: 'gray', flexShrink: 0 },
      ...Object.fromEntries(Object.entries(STATUS_PALETTE).map(([status, palette]) => [`& .${className}[data-status="${status}"]`, { colorPalette: palette }])),
    }),
    [badge, className],
  );
};
