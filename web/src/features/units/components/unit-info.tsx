import { Badge, DataList, Wrap } from '@chakra-ui/react';
import { formatArea, formatPrice } from '@repo/types';
import type { ReactNode } from 'react';
import type { UnitDetail } from '../api/types';
import { UNIT_DETAIL_TEXT } from '../utils/messages';

export interface UnitInfoProps {
  unit: UnitDetail;
}

const present = (value: string | number | null | undefined) =>
  value !== null && value !== undefined && (typeof value === 'number' ? Number.isFinite(value) : value.trim() !== '');

/** The information rows (spec §2): each shows only when the unit has a value for it. */
export const UnitInfo = ({ unit }: UnitInfoProps) => {
  const { rows } = UNIT_DETAIL_TEXT;
  const features = (unit.features ?? '')
    .split(',')
    .map((feature) => feature.trim())
    .filter(Boolean);
  const size = formatArea(unit.size ?? unit.area);
  const entries: Array<[string, ReactNode] | null> = [
    present(unit.price) ? [rows.price, formatPrice(unit.price, unit.project?.visibleTo ?? unit.visibleTo)] : null,
    size ? [rows.size, size] : null,
    present(unit.floor) ? [rows.floor, unit.floor] : null,
    present(unit.view) ? [rows.view, unit.view] : null,
    present(unit.unitType) ? [rows.unitType, unit.unitType] : null,
    present(unit.bedrooms) ? [rows.bedrooms, unit.bedrooms] : null,
    present(unit.bathrooms) ? [rows.bathrooms, unit.bathrooms] : null,
    present(unit.description) ? [rows.description, unit.description] : null,
    features.length > 0
      ? [
          rows.features,
          <Wrap key="features" gap="2">
            {features.map((feature) => (
              <Badge key={feature} variant="outline">
                {feature}
              </Badge>
            ))}
          </Wrap>,
        ]
      : null,
  ];
  return (
    <DataList.Root orientation="horizontal" gap="3" aria-label={UNIT_DETAIL_TEXT.details}>
      {entries
        .filter((entry): entry is [string, ReactNode] => entry !== null)
        .map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="120px">{label}</DataList.ItemLabel>
            <DataList.ItemValue whiteSpace="pre-line">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
    </DataList.Root>
  );
};
