import { Field, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { UNIT_STATUSES, type UnitStatus } from '@repo/types';
import { TextField } from '@/components/forms/text-field';
import { UNIT_FORM_TEXT } from '../utils/messages';
import type { FormErrors, UnitFormValues } from '../utils/unit-form-values';
import { UnitTypeField } from './unit-type-field';

export interface UnitFieldsProps {
  values: UnitFormValues;
  errors: FormErrors;
  onChange: <K extends keyof UnitFormValues>(field: K, value: UnitFormValues[K]) => void;
  /** Batch mode numbers the units itself, so Unit Number is not asked for. */
  hideUnitNumber?: boolean;
  /** Unit edit requires a price (spec §5). */
  priceRequired?: boolean;
}

/** The unit's own fields, shared by the Add New Unit modal and the Edit Unit form (spec §2, §5). */
export const UnitFields = ({ values, errors, onChange, hideUnitNumber, priceRequired }: UnitFieldsProps) => (
  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
    {!hideUnitNumber && (
      <TextField
        label={UNIT_FORM_TEXT.unitNumber}
        value={values.unitNumber}
        onValueChange={(value) => onChange('unitNumber', value)}
        error={errors.unitNumber}
        required
      />
    )}
    <TextField label={UNIT_FORM_TEXT.floor} value={values.floor} onValueChange={(value) => onChange('floor', value)} error={errors.floor} />
    <UnitTypeField value={values.unitType} onChange={(value) => onChange('unitType', value)} error={errors.unitType} />
    <Field.Root required invalid={Boolean(errors.status)}>
      <Field.Label>
        {UNIT_FORM_TEXT.status}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={values.status} onChange={(event) => onChange('status', event.target.value as UnitStatus)}>
          {UNIT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {errors.status && <Field.ErrorText>{errors.status}</Field.ErrorText>}
    </Field.Root>
    <TextField label={UNIT_FORM_TEXT.view} value={values.view} onValueChange={(value) => onChange('view', value)} error={errors.view} />
    <TextField
      label={UNIT_FORM_TEXT.bedrooms}
      type="number"
      min={0}
      step={1}
      value={values.bedrooms}
      onValueChange={(value) => onChange('bedrooms', value)}
      error={errors.bedrooms}
    />
    <TextField
      label={UNIT_FORM_TEXT.bathrooms}
      type="number"
      min={0}
      step={0.5}
      value={values.bathrooms}
      onValueChange={(value) => onChange('bathrooms', value)}
      error={errors.bathrooms}
    />
    <TextField
      label={UNIT_FORM_TEXT.area}
      type="number"
      min={0}
      step={0.01}
      value={values.area}
      onValueChange={(value) => onChange('area', value)}
      error={errors.area}
    />
    <TextField
      label={UNIT_FORM_TEXT.price}
      type="number"
      min={0}
      value={values.price}
      onValueChange={(value) => onChange('price', value)}
      error={errors.price}
      required={priceRequired}
    />
    <TextField
      label={UNIT_FORM_TEXT.features}
      value={values.features}
      onValueChange={(value) => onChange('features', value)}
      error={errors.features}
      helperText={UNIT_FORM_TEXT.featuresHint}
    />
    <Field.Root invalid={Boolean(errors.description)} gridColumn={{ md: 'span 2' }}>
      <Field.Label>{UNIT_FORM_TEXT.description}</Field.Label>
      <Textarea value={values.description} onChange={(event) => onChange('description', event.target.value)} rows={3} />
      {errors.description && <Field.ErrorText>{errors.description}</Field.ErrorText>}
    </Field.Root>
  </SimpleGrid>
);
