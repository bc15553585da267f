import { Box, Button, HStack, IconButton, Image, Progress, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useRef, type ChangeEvent } from 'react';
import type { PickedFile } from '../hooks/use-image-upload';
import { useObjectUrls } from '../hooks/use-object-urls';
import { IMAGE_ACCEPT } from '../utils/check-files';
import { IMAGES_TEXT } from '../utils/messages';

export interface ImageUploadPanelProps {
  picked: readonly PickedFile[];
  pendingCount: number;
  errors: readonly string[];
  remaining: number;
  isUploading: boolean;
  onPick: (files: File[]) => void;
  onRemove: (file: File) => void;
  onUpload: () => void;
}

const STATUS_PALETTE = { waiting: 'gray', uploading: 'brand', done: 'green', failed: 'red' } as const;

/** Multi-file selection with a preview list, per-file progress and 'Upload Selected Images' (spec §2). */
export const ImageUploadPanel = ({ picked, pendingCount, errors, remaining, isUploading, onPick, onRemove, onUpload }: ImageUploadPanelProps) => {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const files = useMemo(() => picked.map((entry) => entry.file), [picked]);
  const urls = useObjectUrls(files);

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared, so choosing the same files again still fires a change.
    event.target.value = '';
    if (chosen.length > 0) onPick(chosen);
  };

  return (
    <Stack gap="3">
      <input id={inputId} ref={inputRef} type="file" accept={IMAGE_ACCEPT} multiple hidden onChange={handlePick} aria-label={IMAGES_TEXT.selectImages} />
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={isUploading}>
          {IMAGES_TEXT.selectImages}
        </Button>
        <Button colorPalette="brand" onClick={onUpload} disabled={pendingCount === 0} loading={isUploading} loadingText={IMAGES_TEXT.uploading}>
          {IMAGES_TEXT.upload}
        </Button>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {IMAGES_TEXT.hint(remaining)}
      </Text>
      {errors.length > 0 && (
        <Stack gap="1" role="alert">
          {errors.map((error) => (
            <Text key={error} color="fg.error" fontSize="sm">
              {error}
            </Text>
          ))}
        </Stack>
      )}
      {picked.length > 0 && (
        <Stack as="ul" listStyleType="none" gap="2" aria-label={IMAGES_TEXT.selectedFiles}>
          {picked.map((entry, index) => (
            <HStack as="li" key={`${entry.file.name}-${index}`} gap="3" borderWidth="1px" rounded="md" p="2" data-status={entry.status}>
              <Box w="56px" h="42px" flexShrink={0} rounded="sm" overflow="hidden" bg="bg.muted">
                {urls[index] && <Image src={urls[index]} alt="" w="full" h="full" objectFit="cover" />}
              </Box>
              <Stack gap="1" flex="1" minW="0">
                <Text fontSize="sm" truncate>
                  {entry.file.name}
                </Text>
                <Progress.Root value={entry.progress} size="xs" colorPalette={STATUS_PALETTE[entry.status]}>
                  <Progress.Track aria-label={IMAGES_TEXT.progress(entry.file.name)}>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
                {entry.error && (
                  <Text fontSize="xs" color="fg.error">
                    {entry.error}
                  </Text>
                )}
              </Stack>
              <Text fontSize="xs" color="fg.muted" minW="3ch" textAlign="end">
                {entry.progress}%
              </Text>
              <IconButton
                aria-label={IMAGES_TEXT.removeSelected(entry.file.name)}
                size="xs"
                variant="ghost"
                onClick={() => onRemove(entry.file)}
                disabled={isUploading || entry.status === 'done'}
              >
                <span aria-hidden="true">×</span>
              </IconButton>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
};
