import { Button, Checkbox, Dialog, Fieldset, HStack, Stack, Textarea, Field } from '@chakra-ui/react';
import { MARKETS, type Market } from '@repo/types';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/forms/text-field';
import type { ProjectRecord } from '../api/types';
import { useSaveProperty } from '../hooks/use-save-property';
import { PROPERTIES_TEXT } from '../utils/messages';
import { initialImageValue, type PropertyImageValue } from '../utils/property-image-value';
import { DeletePropertyDialog } from './delete-property-dialog';
import { PropertyImageField } from './property-image-field';
import { FormError } from '../../../components/feedback/form-error';

export interface PropertyFormProps {
  /** The project being edited; absent to create one. */
  project?: Pick<ProjectRecord, 'id' | 'name' | 'location' | 'description' | 'visibleTo' | 'imageUrl' | 'imageMetadata' | 'projectType'>;
  onCancel: () => void;
  onSaved: (project: ProjectRecord) => void;
  /** Editing only: offers 'Delete Property' (with its confirmation) and is told once the property is gone. */
  onDeleted?: () => void;
}

/** One form body for 'Add New Property' and 'Edit Property' (spec §2 Property create/edit form). */
export const PropertyForm = ({ project, onCancel, onSaved, onDeleted }: PropertyFormProps) => {
  const { save, isSaving } = useSaveProperty(project?.id);
  const [name, setName] = useState(project?.name ?? '');
  const [location, setLocation] = useState(project?.location ?? '');
  const [description, setDescription] = useState(project?.description ?? '');
  const [visibleTo, setVisibleTo] = useState<Market[]>(project?.visibleTo ?? []);
  const [image, setImage] = useState<PropertyImageValue>(() => initialImageValue(project));
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const handleToggleMarket = (market: Market, checked: boolean) =>
    setVisibleTo((current) => MARKETS.filter((entry) => (entry === market ? checked : current.includes(entry))));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = [!name.trim() && 'name', !location.trim() && 'location'].filter((field): field is string => Boolean(field));
    if (missing.length > 0) {
      setInvalid(missing);
      setError(PROPERTIES_TEXT.required);
      return;
    }
    setInvalid([]);
    setError(null);
    const fields = { name: name.trim(), location: location.trim(), description: description.trim() || null, visibleTo };
    const outcome = await save(fields, image);
    if (outcome.project) {
      onSaved(outcome.project);
      return;
    }
    setInvalid(Object.keys(outcome.fieldErrors ?? {}));
    setError(outcome.error ?? PROPERTIES_TEXT.saveFailed);
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <FormError message={error} />
          <TextField label={PROPERTIES_TEXT.name} value={name} onValueChange={setName} required aria-invalid={invalid.includes('name') || undefined} />
          <PropertyImageField value={image} onChange={setImage} projectType={project?.projectType} disabled={isSaving} />
          <TextField
            label={PROPERTIES_TEXT.location}
            value={location}
            onValueChange={setLocation}
            required
            aria-invalid={invalid.includes('location') || undefined}
          />
          <Field.Root>
            <Field.Label>{PROPERTIES_TEXT.description}</Field.Label>
            <Textarea value={description} onChange={(event) => setDescription(event.target.value)} rows={3} />
          </Field.Root>
          <Fieldset.Root>
            <Fieldset.Legend>{PROPERTIES_TEXT.visibleTo}</Fieldset.Legend>
            <HStack gap="6">
              {MARKETS.map((market) => (
                <Checkbox.Root
                  key={market}
                  checked={visibleTo.includes(market)}
                  onCheckedChange={(details) => handleToggleMarket(market, details.checked === true)}
                  colorPalette="brand"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{PROPERTIES_TEXT.markets[market]}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          </Fieldset.Root>
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
