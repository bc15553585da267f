import { Button, Checkbox, Dialog, Fieldset, HStack, Stack, Textarea, Field } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { MARKETS, PROJECT_MESSAGES, propertyFormSchema, type Market, type PropertyFormOutput, type PropertyFormValues } from '@repo/types';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { TextField } from '@/components/forms/text-field';
import { anyProjectList, useCacheInvalidation } from '@/lib/api/cache-keys';
import { getProject, projectKey } from '../api/get-project';
import type { ProjectRecord } from '../api/types';
import { useSaveProperty } from '../hooks/use-save-property';
import { PROPERTIES_TEXT } from '../utils/messages';
import { initialImageValue, type PropertyImageValue } from '../utils/property-image-value';
import { DeletePropertyDialog } from './delete-property-dialog';
import { PropertyImageField } from './property-image-field';
import { FormError } from '@/components/feedback/form-error';
import { useSWRConfig } from 'swr';

type EditedProject = Pick<ProjectRecord, 'id' | 'name' | 'location' | 'description' | 'visibleTo' | 'imageUrl' | 'imageMetadata' | 'projectType' | 'revision'>;

export interface PropertyFormProps {
  /** The project being edited; absent to create one. */
  project?: EditedProject;
  onCancel: () => void;
  onSaved: (project: ProjectRecord) => void;
  /** Editing only: offers 'Delete Property' (with its confirmation) and is told once the property is gone. */
  onDeleted?: () => void;
}

const FIELDS = ['name', 'location', 'description', 'visibleTo'] as const;

/** The markets ticked, in the spec's order. */
const toggled = (current: readonly Market[], market: Market, checked: boolean) =>
  MARKETS.filter((entry) => (entry === market ? checked : current.includes(entry)));

const valuesOf = (project?: EditedProject): PropertyFormValues => ({
  name: project?.name ?? '',
  location: project?.location ?? '',
  description: project?.description ?? '',
  visibleTo: project?.visibleTo ?? [],
});

/**
 * One form body for 'Add New Property' and 'Edit Property' (spec §2 Property create/edit form),
 * validated by the API contract's schema (the server's own, so the same mistake gets the same
 * message). An edit sends the revision it read; a stale one offers to reload the latest version.
 */
export const PropertyForm = ({ project, onCancel, onSaved, onDeleted }: PropertyFormProps) => {
  const { save, isSaving } = useSaveProperty(project?.id);
  const { mutate } = useSWRConfig();
  const { refresh } = useCacheInvalidation();
  const form = useForm<PropertyFormValues, unknown, PropertyFormOutput>({ defaultValues: valuesOf(project), resolver: zodResolver(propertyFormSchema) });
  const { errors } = form.formState;
  // The spec's one message for both required fields is said once, above them; each field is marked.
  const required = [errors.name, errors.location].some((error) => error?.message === PROJECT_MESSAGES.required);
  const ownMessage = (message?: string) => (message === PROJECT_MESSAGES.required ? undefined : message);
  const [image, setImage] = useState<PropertyImageValue>(() => initialImageValue(project));
  const [revision, setRevision] = useState(project?.revision);
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const handleValid = async (fields: PropertyFormOutput) => {
    setFailure(null);
    const outcome = await save({ ...fields, description: fields.description ?? null }, image, revision);
    if (outcome.project) {
      onSaved(outcome.project);
      return;
    }
    const onFields = Object.entries(outcome.fieldErrors ?? {}).filter(([field]) => (FIELDS as readonly string[]).includes(field));
    for (const [field, messages] of onFields) form.setError(field as (typeof FIELDS)[number], { message: messages[0] });
    if (onFields.length === 0) setFailure({ message: outcome.error ?? PROPERTIES_TEXT.saveFailed, stale: outcome.stale === true });
  };

  /** After a stale save: the property as it is now, in the form and in every cached list. */
  const handleReload = async () => {
    if (!project) return;
    const latest = await getProject(project.id);
    await mutate(projectKey(project.id), latest, { revalidate: false });
    await refresh(anyProjectList);
    form.reset(valuesOf(latest));
    setImage(initialImageValue(latest));
    setRevision(latest.revision);
    setFailure(null);
  };

  /** A required text field of the form (name, location), with its own message under it. */
  const requiredText = (name: 'name' | 'location', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          label={label}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          required
          error={ownMessage(errors[name]?.message)}
          aria-invalid={Boolean(errors[name]) || undefined}
        />
      )}
    />
  );

  return (
    <form onSubmit={(event) => void form.handleSubmit(handleValid)(event)} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <FormError
            message={required ? PROJECT_MESSAGES.required : failure?.message}
            onReload={failure?.stale ? () => void handleReload() : undefined}
            reloadLabel={PROPERTIES_TEXT.reload}
          />
          {requiredText('name', PROPERTIES_TEXT.name)}
          <PropertyImageField value={image} onChange={setImage} projectType={project?.projectType} disabled={isSaving} />
          {requiredText('location', PROPERTIES_TEXT.location)}
          <Field.Root invalid={Boolean(errors.description)}>
            <Field.Label>{PROPERTIES_TEXT.description}</Field.Label>
            <Textarea {...form.register('description')} rows={3} />
            <Field.ErrorText>{errors.description?.message}</Field.ErrorText>
          </Field.Root>
          <Controller
            control={form.control}
            name="visibleTo"
            render={({ field }) => (
              <Fieldset.Root invalid={Boolean(errors.visibleTo)}>
                <Fieldset.Legend>{PROPERTIES_TEXT.visibleTo}</Fieldset.Legend>
                <HStack gap="6">
                  {MARKETS.map((market) => (
                    <Checkbox.Root
                      key={market}
                      checked={(field.value ?? []).includes(market)}
                      onCheckedChange={(details) => field.onChange(toggled(field.value ?? [], market, details.checked === true))}
                      colorPalette="brand"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{PROPERTIES_TEXT.markets[market]}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </HStack>
                <Fieldset.ErrorText>{errors.visibleTo?.message}</Fieldset.ErrorText>
              </Fieldset.Root>
            )}
          />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {project && onDeleted && (
          <Button variant="ghost" colorPalette="red" mr="auto" onClick={() => setConfirmingDelete(true)} disabled={isSaving}>
            {PROPERTIES_TEXT.deleteProperty}
          </Button>
        )}
        <Button variant="outline" onClick={onCancel} disabled={isSaving}>
          {PROPERTIES_TEXT.cancel}
        </Button>
        <Button type="submit" colorPalette="brand" loading={isSaving} loadingText={PROPERTIES_TEXT.saving}>
          {project ? PROPERTIES_TEXT.update : PROPERTIES_TEXT.create}
        </Button>
      </Dialog.Footer>
      {project && onDeleted && (
        <DeletePropertyDialog project={confirmingDelete ? project : null} onClose={() => setConfirmingDelete(false)} onDeleted={onDeleted} />
      )}
    </form>
  );
};
