import { Alert, Badge, Button, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { MARKETS } from '@repo/types';
import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { ApiError, errorMessage } from '@/lib/api/api-error';
import type { UnitDetail } from '../api/types';
import { useUpdateUnit } from '../api/update-unit';
import { UNIT_FORM_TEXT, UNIT_DETAIL_TEXT } from '../utils/messages';
import { useEditBase } from '../hooks/use-edit-base';
import { useUnitForm } from '../hooks/use-unit-form';
import { checkUnitEdit, formErrorsFromServer, valuesFromUnit, type UnitFormValues } from '../utils/unit-form-values';
import { UnitChangedNotice } from './unit-changed-notice';
import { UnitFields } from './unit-fields';
import { useUnitFormImagesSlot } from '@/lib/unit-form-images';

const checkForm = (values: UnitFormValues) => checkUnitEdit(values).errors;

export interface UnitEditFormProps {
  unit: UnitDetail;
  onCancel: () => void;
  onSaved: () => void;
  /** Re-reads the unit after a stale save, so the form can start from the latest version. */
  onReload: () => void;
}

const MARKET_LABELS = { dubai: 'Dubai', doha: 'Doha' } as const;

/** 'Edit Unit' inline (spec §2, §5): sends the revision it read, so a stale save is refused, not lost. */
export const UnitEditForm = ({ unit, onCancel, onSaved, onReload }: UnitEditFormProps) => {
  const { updateUnit, isUpdating } = useUpdateUnit();
  const { base, rebase, expectOwnChange } = useEditBase(unit);
  const { form, values, errors, setField, setServerErrors } = useUnitForm(valuesFromUnit(unit), checkForm);
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const visibility = MARKETS.filter((market) => (unit.project?.visibleTo ?? []).includes(market));
  // Switching the image source saves at once: the change that comes back is this form's own.
  const images = useUnitFormImagesSlot().useEditUnitImages(unit, { onSourceChanged: expectOwnChange });
  const busy = isUpdating || images.saving;

  const handleChange = <K extends keyof UnitFormValues>(field: K, value: UnitFormValues[K]) => setField(field, value as never);

  const handleValid = async (submitted: UnitFormValues) => {
    const { input } = checkUnitEdit(submitted);
    try {
      // The revision the form read, not the latest re-read: a change made meanwhile is refused, not overwritten.
      const saved = await updateUnit({ unit: base, input: { ...input, ...(base.revision === undefined ? {} : { revision: base.revision }) } });
      rebase(saved);
      expectOwnChange();
      toaster.success({ title: UNIT_DETAIL_TEXT.unitUpdated });
      await images.save();
      onSaved();
    } catch (cause) {
      if (cause instanceof ApiError) setServerErrors(formErrorsFromServer(cause.fieldErrors));
      setFailure({ message: errorMessage(cause, UNIT_FORM_TEXT.updateFailed), stale: cause instanceof ApiError && cause.status === 409 });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        setFailure(null);
        void form.handleSubmit(handleValid)(event);
      }}
      noValidate
      aria-label={UNIT_FORM_TEXT.editTitle}
    >
      <Stack gap="5">
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{failure.message}</Alert.Title>
            </Alert.Content>
            {failure.stale && (
              <Button size="sm" variant="outline" onClick={onReload}>
                {UNIT_FORM_TEXT.reload}
              </Button>
            )}
          </Alert.Root>
        )}
        {!busy && <UnitChangedNotice base={base} current={unit} onReload={onReload} />}
        <UnitFields values={values} errors={errors} onChange={handleChange} priceRequired />
        {images.fields({ disabled: busy })}
        <Field.Root>
          <Field.Label as="span">{UNIT_FORM_TEXT.visibility}</Field.Label>
          <HStack gap="2">
            {visibility.length === 0 ? (
              <Text color="fg.muted">{UNIT_FORM_TEXT.noVisibility}</Text>
            ) : (
              visibility.map((market) => (
                <Badge key={market} colorPalette={market === 'dubai' ? 'blue' : 'purple'}>
                  {MARKET_LABELS[market]}
                </Badge>
              ))
            )}
          </HStack>
        </Field.Root>
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {UNIT_FORM_TEXT.cancel}
          </Button>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={UNIT_FORM_TEXT.saving}>
            {UNIT_FORM_TEXT.update}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
};
