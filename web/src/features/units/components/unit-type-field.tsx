import { Button, Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { UNIT_TYPES } from '@repo/types';
import { useState } from 'react';
import { UNIT_FORM_TEXT } from '../utils/messages';

export interface UnitTypeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

const isPreset = (value: string) => value === '' || (UNIT_TYPES as readonly string[]).includes(value);

/** Unit Type: the preset list, or free text after 'Custom' ('Use Preset' goes back) (spec §2, §3). */
export const UnitTypeField = ({ value, onChange, error }: UnitTypeFieldProps) => {
  const [custom, setCustom] = useState(() => !isPreset(value));

  const handleToggle = () => {
    // Back to the list: a custom text that is not a preset cannot stay selected.
    if (custom && !isPreset(value)) onChange('');
    setCustom(!custom);
  };

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{UNIT_FORM_TEXT.unitType}</Field.Label>
      <HStack gap="2" w="full">
        {custom ? (
          <Input value={value} onChange={(event) => onChange(event.target.value)} maxLength={80} />
        ) : (
          <NativeSelect.Root>
            <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
              <option value="">{UNIT_FORM_TEXT.selectType}</option>
              {UNIT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
        <Button size="sm" variant="outline" onClick={handleToggle} flexShrink={0}>
          {custom ? UNIT_FORM_TEXT.usePreset : UNIT_FORM_TEXT.custom}
        </Button>
      </HStack>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
};
