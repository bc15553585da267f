import { Button, Group } from '@chakra-ui/react';
import type { UnitsView } from '@/features/units/hooks/use-units-view';
import { STACKING_TEXT } from '@/features/units/utils/stacking-plan-messages';

export interface UnitsViewSwitchProps {
  view: UnitsView;
  onChange: (view: UnitsView) => void;
}

const VIEWS: Array<{ value: UnitsView; label: string }> = [
  { value: 'table', label: STACKING_TEXT.table },
  { value: 'stack', label: STACKING_TEXT.stack },
];

/** 'Table' / 'Stacking Plan': two toggle buttons, the pressed one is the view shown. */
export const UnitsViewSwitch = ({ view, onChange }: UnitsViewSwitchProps) => (
  <Group attached role="group" aria-label={STACKING_TEXT.viewLabel} className="no-print">
    {VIEWS.map(({ value, label }) => (
      <Button
        key={value}
        size="sm"
        variant={view === value ? 'solid' : 'outline'}
        colorPalette={view === value ? 'brand' : 'gray'}
        aria-pressed={view === value}
        onClick={() => onChange(value)}
      >
        {label}
      </Button>
    ))}
  </Group>
);
