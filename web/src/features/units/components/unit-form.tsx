import { Button, Checkbox, HStack, Stack, Switch } from '@chakra-ui/react';
import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { ApiError, errorMessage } from '@/lib/api/api-error';
import { useCreateUnits } from '../api/create-units';
import { UNIT_FORM_TEXT } from '../utils/messages';
import { useUnitForm } from '../hooks/use-unit-form';
import {
  checkNewUnits,
  clampedCount,
  DEFAULT_BATCH,
  EMPTY_UNIT_VALUES,
  formErrorsFromServer,
  type BatchValues,
  type FormErrors,
  type UnitFormValues,
} from '../utils/unit-form-values';
import { BatchFields } from './batch-fields';
import { UnitFields } from './unit-fields';
import { FormError } from '@/components/feedback/form-error';
import { useUnitFormImagesSlot } from '@/lib/unit-form-images';

export interface UnitFormProps {
  projectId: number | string;
  onCancel: () => void;
  onSaved: () => void;
}

type NewUnitValues = UnitFormValues & { batch: BatchValues };

const BATCH_FIELDS = new Set(Object.keys(DEFAULT_BATCH));

/** The check of checkNewUnits, with the batch's problems on the batch's fields ('batch.prefix'). */
const checkForm = ({ batch, ...unit }: NewUnitValues): FormErrors =>
  Object.fromEntries(
    Object.entries(checkNewUnits(unit, batch).errors).map(([field, message]) => [BATCH_FIELDS.has(field) ? `batch.${field}` : field, message]),
  );

/** The batch's own errors, as BatchFields names its fields. */
const batchErrors = (errors: FormErrors): FormErrors =>
  Object.fromEntries(Object.entries(errors).flatMap(([field, message]) => (field.startsWith('batch.') ? [[field.slice('batch.'.length), message]] : [])));

/** The Add New Unit form (spec §2, §5): one unit, or a batch of up to 50 sent as ONE request. */
export const UnitForm = ({ projectId, onCancel, onSaved }: UnitFormProps) => {
  const { createUnits, isCreating } = useCreateUnits();
  const { form, values, errors, setField, setServerErrors } = useUnitForm<NewUnitValues>({ ...EMPTY_UNIT_VALUES, batch: DEFAULT_BATCH }, checkForm);
  const { batch } = values;
  const [failure, setFailure] = useState<string | null>(null);
  const [notifyAgents, setNotifyAgents] = useState(false);
  const images = useUnitFormImagesSlot().useNewUnitImages();
  const busy = isCreating || images.saving;
  const count = batch.enabled ? clampedCount(batch) : 1;

  const handleChange = <K extends keyof UnitFormValues>(field: K, value: UnitFormValues[K]) => setField(field, value as never);

  const handleValid = async ({ batch: submitted, ...unit }: NewUnitValues) => {
    setFailure(null);
    try {
      const created = await createUnits({ projectId, units: checkNewUnits(unit, submitted).units, notifyAgents });
      toaster.success({ title: UNIT_FORM_TEXT.added(created.length) });
      // The units are saved whatever happens to their images; a failed upload is reported, not undone.
      await images.save(
        created.map((unit) => unit.id),
        { projectId, unitType: unit.unitType, batch: submitted.enabled },
      );
      onSaved();
    } catch (cause) {
      if (cause instanceof ApiError) setServerErrors(formErrorsFromServer(cause.fieldErrors));
      setFailure(errorMessage(cause, UNIT_FORM_TEXT.addFailed));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        setFailure(null);
        void form.handleSubmit(handleValid)(event);
      }}
      noValidate
    >
      <Stack gap="5">
        <FormError message={failure} />
        <Switch.Root checked={batch.enabled} onCheckedChange={(details) => setField('batch', { ...batch, enabled: details.checked })} colorPalette="brand">
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>{UNIT_FORM_TEXT.batchCreate}</Switch.Label>
        </Switch.Root>
        {batch.enabled && <BatchFields batch={batch} floor={values.floor} errors={batchErrors(errors)} onChange={(next) => setField('batch', next)} />}
        <UnitFields values={values} errors={errors} onChange={handleChange} hideUnitNumber={batch.enabled} />
        {images.fields({ disabled: busy, offerSharing: batch.enabled && count > 1 })}
        <Checkbox.Root checked={notifyAgents} onCheckedChange={(details) => setNotifyAgents(details.checked === true)} colorPalette="brand">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{UNIT_FORM_TEXT.notifyAgents}</Checkbox.Label>
        </Checkbox.Root>
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {UNIT_FORM_TEXT.cancel}
          </Button>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={UNIT_FORM_TEXT.adding}>
            {count === 1 ? UNIT_FORM_TEXT.addOne : UNIT_FORM_TEXT.addMany(count)}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
};
