import { Alert, Button, Field, Grid, HStack, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { deriveSaleDetails, formatPrice, HANDOVER_STATUSES, PAYMENT_STATUSES, REGISTRATION_STATUSES, TIMERS_MS, type SaleDetails } from '@repo/types';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { ReadOnlyValue } from '../../../components/forms/read-only-value';
import { TextField } from '../../../components/forms/text-field';
import { ApiError } from '../../../lib/api/api-error';
import { useSaveSaleDetails } from '../api/save-sale-details';
import type { SoldUnit } from '../api/get-sold-units';
import { SALE_STATUS_LABELS, SOLD_UNITS_TEXT } from '../utils/messages';
import { FormError } from '../../../components/feedback/form-error';

interface FormValues {
  registrationDate: string;
  registrationNumber: string;
  registrationStatus: string;
  handoverDate: string;
  handoverStatus: string;
  paymentStatus: string;
  totalAmount: string;
  paidAmount: string;
  notes: string;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const valuesOf = (details: SaleDetails): FormValues => ({
  registrationDate: text(details.registrationDate).slice(0, 10),
  registrationNumber: text(details.registrationNumber),
  registrationStatus: details.registrationStatus,
  handoverDate: text(details.handoverDate).slice(0, 10),
  handoverStatus: details.handoverStatus,
  paymentStatus: details.paymentStatus,
  totalAmount: text(details.totalAmount),
  paidAmount: text(details.paidAmount),
  notes: text(details.notes),
});

/** What goes to the server: blanks as null; the server derives the rest again, whatever is sent. */
const inputOf = (values: FormValues) => ({
  registrationDate: values.registrationDate || null,
  registrationNumber: values.registrationNumber.trim() || null,
  registrationStatus: values.registrationStatus,
  handoverDate: values.handoverDate || null,
  handoverStatus: values.handoverStatus,
  paymentStatus: values.paymentStatus,
  totalAmount: values.totalAmount === '' ? null : values.totalAmount,
  paidAmount: values.paidAmount === '' ? null : values.paidAmount,
  notes: values.notes.trim() || null,
});

interface StatusSelectProps {
  label: string;
  value: string;
  options: readonly string[];
  disabled: boolean;
  onChange: (value: string) => void;
}

const StatusSelect = ({ label, value, options, disabled, onChange }: StatusSelectProps) => (
  <Field.Root disabled={disabled}>
    <Field.Label>{label}</Field.Label>
    <NativeSelect.Root>
      <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {SALE_STATUS_LABELS[option] ?? option}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  </Field.Root>
);

export interface SaleDetailsFormProps {
  unit: SoldUnit;
  /** The regions of the unit's project, which choose the currency of the remaining amount. */
  visibleTo: readonly string[] | null;
}

/**
 * The sale details of one sold unit (spec §4). The form shows, as the admin types, what the server
 * will derive (remaining amount, completed statuses) with the same shared rule; the server derives
 * it again on save.
 */
export const SaleDetailsForm = ({ unit, visibleTo }: SaleDetailsFormProps) => {
  const save = useSaveSaleDetails();
  const [values, setValues] = useState(() => valuesOf(unit.saleDetails));
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, readonly string[]>>({});
  const derived = useMemo(
    () => deriveSaleDetails(inputOf(values), { price: unit.price, now: new Date(), existing: unit.saleDetails }),
    [values, unit.price, unit.saleDetails],
  );
  const errorOf = (field: string) => serverErrors[field] ?? derived.errors.filter((error) => error.field === field).map((error) => error.message);

  useEffect(() => {
    if (!saved) return undefined;
    const timer = setTimeout(() => setSaved(false), TIMERS_MS.saleSaveBanner);
    return () => clearTimeout(timer);
  }, [saved]);

  const set = (field: keyof FormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors({});
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (derived.errors.length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      const stored = await save(unit.id, inputOf(values));
      setValues(valuesOf(stored));
      setSaved(true);
    } catch (cause) {
      if (cause instanceof ApiError && Object.keys(cause.fieldErrors).length > 0) setServerErrors(cause.fieldErrors);
      else setFailure(cause instanceof ApiError && cause.status === 400 ? SOLD_UNITS_TEXT.saveRefused : SOLD_UNITS_TEXT.saveFailed);
    } finally {
      setSaving(false);
    }
  };

  const { value } = derived;
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={`Sale details of unit ${unit.unitNumber}`}>
      <Stack gap="4">
        {saved && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>{SOLD_UNITS_TEXT.saved}</Alert.Title>
          </Alert.Root>
        )}
        <FormError message={failure} />
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <TextField label="Registration Date" type="date" value={values.registrationDate} onValueChange={set('registrationDate')} error={errorOf('registrationDate')} />
          <TextField label="Registration Number" value={values.registrationNumber} onValueChange={set('registrationNumber')} error={errorOf('registrationNumber')} />
          <StatusSelect label="Registration Status" value={value.registrationStatus} options={REGISTRATION_STATUSES} disabled={Boolean(values.registrationDate)} onChange={set('registrationStatus')} />
          <TextField label="Handover Date" type="date" value={values.handoverDate} onValueChange={set('handoverDate')} error={errorOf('handoverDate')} />
          <StatusSelect label="Handover Status" value={value.handoverStatus} options={HANDOVER_STATUSES} disabled={Boolean(values.handoverDate)} onChange={set('handoverStatus')} />
          <StatusSelect label="Payment Status" value={value.paymentStatus} options={PAYMENT_STATUSES} disabled={value.remainingAmount === 0} onChange={set('paymentStatus')} />
          <TextField label="Total Amount" type="number" min={0} step={0.01} inputMode="decimal" value={values.totalAmount} onValueChange={set('totalAmount')} error={errorOf('totalAmount')} />
          <TextField label="Paid Amount" type="number" min={0} step={0.01} inputMode="decimal" value={values.paidAmount} onValueChange={set('paidAmount')} error={errorOf('paidAmount')} />
          {/* Computed, never typed: shown as a value, not as an input that looks editable (spec §5: remaining read-only). */}
          <ReadOnlyValue
            label={SOLD_UNITS_TEXT.remainingAmount}
            value={value.remainingAmount === null ? SOLD_UNITS_TEXT.noAmount : formatPrice(value.remainingAmount, visibleTo)}
          />
        </Grid>
        <Field.Root>
          <Field.Label>Notes</Field.Label>
          <Textarea value={values.notes} onChange={(event) => set('notes')(event.target.value)} rows={3} />
        </Field.Root>
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="brand" loading={saving} loadingText={SOLD_UNITS_TEXT.saving} disabled={derived.errors.length > 0}>
            {SOLD_UNITS_TEXT.save}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
};
