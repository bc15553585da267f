import { Box, Field, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { batchPreview, batchUnitNumbers, clampBatchCount, clampBatchStart, UNIT_NUMBER_FORMATS, type BatchSequence, type UnitNumberFormat } from '@repo/types';
import { TextField } from '@/components/forms/text-field';
import { UNIT_FORM_TEXT } from '../utils/messages';
import { toBatchInput, type BatchValues, type FormErrors } from '../utils/unit-form-values';

export interface BatchFieldsProps {
  batch: BatchValues;
  floor: string;
  errors: FormErrors;
  onChange: (batch: BatchValues) => void;
}

// Which parts each format composes (see batchUnitNumbers in '@repo/types').
const PARTS: Record<UnitNumberFormat, Array<'prefix' | 'middle' | 'suffix'>> = {
  PREFIX: ['prefix'],
  SUFFIX: ['suffix'],
  MIDDLE: ['prefix', 'suffix'],
  CUSTOM: ['prefix', 'middle', 'suffix'],
};

// An emptied box stays empty while typing; any number is kept within its limits at once.
const clampedText = (value: string, clamp: (n: number) => number) => (value.trim() === '' ? '' : String(clamp(Number(value))));

/** Batch creation (spec §2, §5): how many, from which number, the number format and its preview. */
export const BatchFields = ({ batch, floor, errors, onChange }: BatchFieldsProps) => {
  const set = <K extends keyof BatchValues>(field: K, value: BatchValues[K]) => onChange({ ...batch, [field]: value });
  const preview = batchPreview(batchUnitNumbers(toBatchInput(batch, floor)));

  return (
    <Stack gap="4" p="4" borderWidth="1px" rounded="md" bg="bg.subtle">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField
          label={UNIT_FORM_TEXT.numberOfUnits}
          type="number"
          min={1}
          max={50}
          value={batch.count}
          onValueChange={(value) => set('count', clampedText(value, clampBatchCount))}
          onBlur={() => set('count', String(clampBatchCount(Number(batch.count))))}
        />
        <TextField
          label={UNIT_FORM_TEXT.startingNumber}
          type="number"
          min={1}
          value={batch.start}
          onValueChange={(value) => set('start', clampedText(value, clampBatchStart))}
          onBlur={() => set('start', String(clampBatchStart(Number(batch.start))))}
        />
        <Field.Root>
          <Field.Label>{UNIT_FORM_TEXT.format}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={batch.format} onChange={(event) => set('format', event.target.value as UnitNumberFormat)}>
              {UNIT_NUMBER_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {UNIT_FORM_TEXT.formats[format]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>{UNIT_FORM_TEXT.sequence}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={batch.sequence} onChange={(event) => set('sequence', event.target.value as BatchSequence)}>
              <option value="numeric">{UNIT_FORM_TEXT.numeric}</option>
              <option value="alphabetic">{UNIT_FORM_TEXT.alphabetic}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {PARTS[batch.format].map((part) => (
          <TextField key={part} label={UNIT_FORM_TEXT[part]} value={batch[part]} onValueChange={(value) => set(part, value)} error={errors[part]} />
        ))}
      </SimpleGrid>
      <Box>
        <Text fontSize="sm" fontWeight="medium" id="batch-preview-label">
          {UNIT_FORM_TEXT.preview}
        </Text>
        <Text fontFamily="mono" aria-labelledby="batch-preview-label" data-testid="batch-preview">
          {preview.join(', ')}
        </Text>
      </Box>
    </Stack>
  );
};
