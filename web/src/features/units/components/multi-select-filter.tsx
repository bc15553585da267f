import { Badge, Button, Checkbox, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { UNITS_TEXT } from '../utils/messages';

export interface MultiSelectFilterProps<T extends string> {
  label: string;
  options: readonly T[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  optionLabel?: (option: T) => string;
}

const MultiSelect = <T extends string>({ label, options, selected, onChange, optionLabel = String }: MultiSelectFilterProps<T>) => {
  const handleToggle = (option: T, checked: boolean) => onChange(options.filter((entry) => (entry === option ? checked : selected.includes(entry))));

  return (
    <Popover.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={selected.length > 0 ? `${label} (${selected.length} selected)` : label}>
          {label}
          {selected.length > 0 && (
            <Badge colorPalette="brand" variant="solid" size="sm">
              {selected.length}
            </Badge>
          )}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="xs" aria-label={label}>
            <Popover.Body maxH="300px" overflowY="auto">
              <Stack gap="2" role="group" aria-label={label}>
                {options.length === 0 && <Text color="fg.muted">{UNITS_TEXT.noOptions}</Text>}
                {options.map((option) => (
                  <Checkbox.Root
                    key={option}
                    size="sm"
                    colorPalette="brand"
                    checked={selected.includes(option)}
                    onCheckedChange={(details) => handleToggle(option, details.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{optionLabel(option)}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
};

/**
 * A filter of several values at once (spec §2: multi-select Unit Type, Floor, View, Status).
 * Memoised: a change to one filter should not re-render the other three.
 */
export const MultiSelectFilter = memo(MultiSelect) as typeof MultiSelect;
