import { Button, chakra, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useObjectUrl } from '../hooks/use-object-url';
import { PROPERTIES_TEXT } from '../utils/messages';
import { fileNameOfUrl, type PropertyImageValue } from '../utils/property-image-value';
import { ImageCropDialog, type CropResult, type CropSource } from './image-crop-dialog';
import { PropertyImage } from './property-image';

export interface PropertyImageFieldProps {
  value: PropertyImageValue;
  onChange: (value: PropertyImageValue) => void;
  projectType?: string | null;
  disabled?: boolean;
}

/** Property Image (spec §2): the upload box, then a preview card with Replace, Remove and Edit Image. */
export const PropertyImageField = ({ value, onChange, projectType, disabled }: PropertyImageFieldProps) => {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [cropping, setCropping] = useState<CropSource | null>(null);
  const pendingUrl = useObjectUrl(value.kind === 'pending' ? value.file : null);
  const previewUrl = value.kind === 'existing' ? value.url : pendingUrl;

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so picking the same file again still fires a change.
    event.target.value = '';
    if (file) setCropping({ source: file, name: file.name });
  };

  const handleEdit = () => {
    if (value.kind === 'pending') setCropping({ source: value.source, name: value.sourceName, metadata: value.metadata });
    if (value.kind === 'existing') setCropping({ source: value.url, name: fileNameOfUrl(value.url), metadata: value.metadata });
  };

  const handleApply = ({ file, metadata }: CropResult) => {
    if (cropping) onChange({ kind: 'pending', file, source: cropping.source, sourceName: cropping.name, metadata });
    setCropping(null);
  };

  return (
    <Field.Root disabled={disabled}>
      <Field.Label htmlFor={inputId}>{PROPERTIES_TEXT.image}</Field.Label>
      <input id={inputId} ref={inputRef} type="file" accept="image/*" hidden onChange={handlePick} />
      {value.kind === 'none' ? (
        <chakra.button
          type="button"
          w="full"
          borderWidth="2px"
          borderStyle="dashed"
          rounded="md"
          py="6"
          textAlign="center"
          _hover={{ bg: 'bg.muted' }}
          onClick={() => inputRef.current?.click()}
        >
          <Text fontWeight="medium">{PROPERTIES_TEXT.uploadPrompt}</Text>
          <Text color="fg.muted" fontSize="sm">
            {PROPERTIES_TEXT.uploadHint}
          </Text>
        </chakra.button>
      ) : (
        <Stack gap="2" w="full" data-testid="property-image-preview">
          {previewUrl && (
            <PropertyImage
              src={previewUrl}
              variants={value.kind === 'existing' ? value.variants : null}
              alt={PROPERTIES_TEXT.image}
              metadata={value.metadata}
              rounded="md"
              borderWidth="1px"
              maxW="280px"
            />
          )}
          {value.kind === 'pending' && (
            <Text fontSize="sm" color="fg.muted">
              {value.file.name}
            </Text>
          )}
          <HStack gap="2">
            <Button size="xs" variant="outline" onClick={() => inputRef.current?.click()}>
              {PROPERTIES_TEXT.replace}
            </Button>
            <Button size="xs" variant="outline" onClick={handleEdit}>
              {PROPERTIES_TEXT.editImage}
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onChange({ kind: 'none' })}>
              {PROPERTIES_TEXT.remove}
            </Button>
          </HStack>
        </Stack>
      )}
      {cropping && <ImageCropDialog key={cropping.name} crop={cropping} projectType={projectType} onApply={handleApply} onCancel={() => setCropping(null)} />}
    </Field.Root>
  );
};
