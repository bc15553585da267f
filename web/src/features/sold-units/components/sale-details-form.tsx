import { Alert, Button, Field, Grid, HStack, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  deriveSaleDetails,
  formatPrice,
  HANDOVER_STATUSES,
  PAYMENT_STATUSES,
  REGISTRATION_STATUSES,
  saleDetailsFormSchema,
  TIMERS_MS,
  type SaleDetails,
  type SaleDetailsFormOutput,
  type SaleDetailsFormValues,
} from '@repo/types';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ReadOnlyValue } from '@/components/forms/read-only-value';
import { TextField, type TextFieldProps } from '@/components/forms/text-field';
import { ApiError, errorMessage } from '@/lib/api/api-error';
import { getSoldUnits } from '../api/get-sold-units';
import { isSoldUnitsKey, useSaveSaleDetails } from '../api/save-sale-details';
import type { SoldUnit } from '../api/get-sold-units';
import { SALE_STATUS_LABELS, SOLD_UNITS_TEXT } from '../utils/messages';
import { FormError } from '@/components/feedback/form-error';
import { useSWRConfig } from 'swr';

/** The form's values: what its inputs hold, all text (the schema reads amounts and dates from text). */
type FormValues = SaleDetailsFormValues;
type FieldName = keyof FormValues;

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
  registrationDate: text(values.registrationDate) || null,
  registrationNumber: text(values.registrationNumber).trim() || null,
  registrationStatus: text(values.registrationStatus),
  handoverDate: text(values.handoverDate) || null,
  handoverStatus: text(values.handoverStatus),
  paymentStatus: text(values.paymentStatus),
  totalAmount: text(values.totalAmount) || null,
  paidAmount: text(values.paidAmount) || null,
  notes: text(values.notes).trim() || null,
});

/** Each field's first message from the API contract's schema: the server's message for the same mistake. */
const schemaErrors = (values: FormValues): Record<string, string[]> => {
  const result = saleDetailsFormSchema.safeParse(values);
  const errors: Record<string, string[]> = {};
  for (const issue of result.success ? [] : result.error.issues) errors[String(issue.path[0])] ??= [issue.message];
  return errors;
};

const DATE = { type: 'date' } as const;
const MONEY = { type: 'number', min: 0, step: 0.01, inputMode: 'decimal' } as const;

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
  const { mutate } = useSWRConfig();
  const form = useForm<FormValues, unknown, SaleDetailsFormOutput>({ defaultValues: valuesOf(unit.saleDetails), resolver: zodResolver(saleDetailsFormSchema) });
  const values = form.watch();
  // The stale-write check: the unit's revision as read, then as each save returns it.
  const [revision, setRevision] = useState(unit.revision);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, readonly string[]>>({});
  // The same schema the server reads the body with, as the admin types; react-hook-form checks it again on submit.
  const fieldErrors = useMemo(() => schemaErrors(values), [values]);
  const derived = useMemo(
    () => deriveSaleDetails(inputOf(values), { price: unit.price, now: new Date(), existing: unit.saleDetails }),
    [values, unit.price, unit.saleDetails],
  );
  const invalid = Object.keys(fieldErrors).length > 0;
  const errorOf = (field: string) => serverErrors[field] ?? fieldErrors[field] ?? [];

  useEffect(() => {
    if (!saved) return undefined;
    const timer = setTimeout(() => setSaved(false), TIMERS_MS.saleSaveBanner);
    return () => clearTimeout(timer);
  }, [saved]);

  const set = (field: FieldName) => (value: string) => {
    form.setValue(field, value, { shouldDirty: true });
    setServerErrors({});
  };
  /** A typed field of the form: its value, its change and its errors (the server's, or the schema's as the admin types). */
  const field = (name: FieldName, label: string, props: Partial<TextFieldProps> = {}) => (
    <TextField label={label} value={text(values[name])} onValueChange={set(name)} error={errorOf(name)} {...props} />
  );

  const handleValid = async (submitted: SaleDetailsFormOutput) => {
    setFailure(null);
    try {
      const stored = await save(unit.id, { ...inputOf(submitted), revision });
      form.reset(valuesOf(stored));
      setRevision(stored.revision);
      setSaved(true);
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 409) setFailure({ message: errorMessage(cause, SOLD_UNITS_TEXT.saveFailed), stale: true });
      else if (cause instanceof ApiError && Object.keys(cause.fieldErrors).length > 0) setServerErrors(cause.fieldErrors);
      else setFailure({ message: cause instanceof ApiError && cause.status === 400 ? SOLD_UNITS_TEXT.saveRefused : SOLD_UNITS_TEXT.saveFailed, stale: false });
    }
  };

  /** After a stale save: the unit's latest sale details and revision, and every sold-units list re-read. */
  const handleReload = async () => {
    const latest = (await getSoldUnits({ archived: unit.archived, overdue: false })).find((candidate) => candidate.id === unit.id);
    await mutate(isSoldUnitsKey);
    if (!latest) return;
    form.reset(valuesOf(latest.saleDetails));
    setRevision(latest.revision);
    setFailure(null);
    setServerErrors({});
  };

  const { value } = derived;
  return (
    <form onSubmit={(event) => void form.handleSubmit(handleValid)(event)} noValidate aria-label={`Sale details of unit ${unit.unitNumber}`}>
      <Stack gap="4">
        {saved && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>{SOLD_UNITS_TEXT.saved}</Alert.Title>
          </Alert.Root>
        )}
        <FormError message={failure?.message} onReload={failure?.stale ? () => void handleReload() : undefined} reloadLabel={SOLD_UNITS_TEXT.reload} />
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          {field('registrationDate', 'Registration Date', DATE)}
          {field('registrationNumber', 'Registration Number')}
          <StatusSelect
            label="Registration Status"
            value={value.registrationStatus}
            options={REGISTRATION_STATUSES}
            disabled={Boolean(values.registrationDate)}
            onChange={set('registrationStatus')}
          />
          {field('handoverDate', 'Handover Date', DATE)}
          <StatusSelect
            label="Handover Status"
            value={value.handoverStatus}
            options={HANDOVER_STATUSES}
            disabled={Boolean(values.handoverDate)}
            onChange={set('handoverStatus')}
          />
          <StatusSelect
            label="Payment Status"
            value={value.paymentStatus}
            options={PAYMENT_STATUSES}
            disabled={value.remainingAmount === 0}
            onChange={set('paymentStatus')}
          />
          {field('totalAmount', 'Total Amount', MONEY)}
          {field('paidAmount', 'Paid Amount', MONEY)}
          {/* Computed, never typed: shown as a value, not as an input that looks editable (spec §5: remaining read-only). */}
          <ReadOnlyValue
            label={SOLD_UNITS_TEXT.remainingAmount}
            value={value.remainingAmount === null ? SOLD_UNITS_TEXT.noAmount : formatPrice(value.remainingAmount, visibleTo)}
          />
        </Grid>
        <Field.Root>
          <Field.Label>Notes</Field.Label>
          <Textarea value={text(values.notes)} onChange={(event) => set('notes')(event.target.value)} rows={3} />
        </Field.Root>
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting} loadingText={SOLD_UNITS_TEXT.saving} disabled={invalid}>
            {SOLD_UNITS_TEXT.save}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
};
