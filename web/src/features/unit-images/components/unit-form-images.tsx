import { Badge, Box, Button, Field, HStack, IconButton, Image, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { remainingImageSlots } from '@repo/types';
import { useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useObjectUrls } from '../hooks/use-object-urls';
import { IMAGE_ACCEPT } from '../utils/check-files';
import { addFormFiles, featuredKeyOf, keptImages, setFormFeatured, toggleFormImage, type FormImage, type FormImagesValue } from '../utils/form-images';
import { UNIT_FORM_IMAGES_TEXT as TEXT } from '../utils/messages';
import { ResponsiveImage } from '@/components/ui/responsive-image';

export interface UnitFormImagesProps {
  value: FormImagesValue;
  onChange: (value: FormImagesValue) => void;
  /** A follower's images are its source's: shown, not edited. */
  readOnly?: boolean;
  disabled?: boolean;
}

const nameOf = (item: FormImage) => (item.kind === 'new' ? item.file.name : (item.image.name ?? item.image.id));

/** The images of the unit forms (spec §2): new uploads, stored ones removable on save, one featured. */
export const UnitFormImages = ({ value, onChange, readOnly = false, disabled = false }: UnitFormImagesProps) => {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const newFiles = useMemo(() => value.items.flatMap((item) => (item.kind === 'new' ? [item.file] : [])), [value.items]);
  const newUrls = useObjectUrls(newFiles);
  const featured = featuredKeyOf(value);
  const remaining = remainingImageSlots(keptImages(value).length);

  const urlOf = (item: FormImage) => (item.kind === 'existing' ? item.image.url : newUrls[newFiles.indexOf(item.file)]);

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    const result = addFormFiles(value, files);
    setErrors(result.errors);
    onChange(result.value);
  };

  return (
    <Field.Root disabled={disabled}>
      <Field.Label as="span">{TEXT.images}</Field.Label>
      {readOnly && (
        <Text color="fg.muted" fontSize="sm">
          {TEXT.sharedReadOnly}
        </Text>
      )}
      <RadioGroup.Root
        value={featured}
        onValueChange={(details) => details.value && onChange(setFormFeatured(value, details.value))}
        disabled={readOnly || disabled}
        w="full"
      >
        <Stack as="ul" listStyleType="none" gap="2" w="full" aria-label={TEXT.images}>
          {value.items.map((item) => {
            const removed = item.kind === 'existing' && item.removed;
            const name = nameOf(item);
            return (
              <HStack as="li" key={item.key} gap="3" borderWidth="1px" rounded="md" p="2" opacity={removed ? 0.6 : 1} data-removed={removed}>
                <Box w="64px" h="48px" flexShrink={0} rounded="sm" overflow="hidden" bg="bg.muted">
                  {item.kind === 'existing' ? (
                    <ResponsiveImage
                      src={item.image.url}
                      variants={item.image.variants}
                      sizes="64px"
                      alt=""
                      w="full"
                      h="full"
                      objectFit="cover"
                      notFoundLabel={TEXT.imageNotFound}
                    />
                  ) : (
                    urlOf(item) && <Image src={urlOf(item)} alt="" w="full" h="full" objectFit="cover" />
                  )}
                </Box>
                <Stack gap="0" flex="1" minW="0">
                  <Text fontSize="sm" truncate textDecoration={removed ? 'line-through' : undefined}>
                    {name}
                  </Text>
                  <HStack gap="1">
                    {item.kind === 'new' && <Badge size="sm">{TEXT.newImage}</Badge>}
                    {removed && (
                      <Badge size="sm" colorPalette="red">
                        {TEXT.markedForDeletion}
                      </Badge>
                    )}
                  </HStack>
                </Stack>
                {!removed && (
                  <RadioGroup.Item value={item.key} aria-label={TEXT.makeFeatured(name)}>
                    <RadioGroup.ItemHiddenInput aria-label={TEXT.makeFeatured(name)} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText fontSize="sm">{TEXT.featured}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                )}
                {!readOnly &&
                  (removed ? (
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={TEXT.restore(name)}
                      onClick={() => onChange(toggleFormImage(value, item.key))}
                      disabled={disabled}
                    >
                      {TEXT.keep}
                    </Button>
                  ) : (
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={TEXT.remove(name)}
                      onClick={() => onChange(toggleFormImage(value, item.key))}
                      disabled={disabled}
                    >
                      <span aria-hidden="true">×</span>
                    </IconButton>
                  ))}
              </HStack>
            );
          })}
        </Stack>
      </RadioGroup.Root>
      {!readOnly && (
        <Stack gap="1" w="full">
          <input id={inputId} ref={inputRef} type="file" accept={IMAGE_ACCEPT} multiple hidden onChange={handlePick} aria-label={TEXT.selectImages} />
          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => inputRef.current?.click()} disabled={disabled || remaining === 0}>
            {TEXT.selectImages}
          </Button>
          <Field.HelperText>{TEXT.hint(remaining)}</Field.HelperText>
          {errors.map((error) => (
            <Text key={error} color="fg.error" fontSize="sm" role="alert">
              {error}
            </Text>
          ))}
        </Stack>
      )}
    </Field.Root>
  );
};
