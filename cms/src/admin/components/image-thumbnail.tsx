import { Box, Field, Flex, Typography } from '@strapi/design-system';
import { useField } from '@strapi/strapi/admin';
import { useState } from 'react';
import { imageVariantsOf } from '@repo/types';

interface ImageThumbnailProps {
  name: string;
  label: string;
  hint?: string;
  value?: string | null;
}

/** The image entry's name, read from the same component entry (`images.0.url` → `images.0.name`). */
const siblingName = (name: string) => name.replace(/url$/, 'name');

/**
 * A unit image's url, shown as the picture itself (issue #24, item 4). Read-only: unit images are
 * written only by the portal, which keeps the 10-image and one-featured rules; the value is the
 * same url string the portal's SQL reads. Small, lazy-loaded, with the image's name as its alt text,
 * and drawn from the image's smallest WebP variant (issue #26), not the original; the original only
 * when there is no variant (an image not yet backfilled, or a url typed elsewhere).
 */
export const ImageThumbnail = ({ name, label, hint, value }: ImageThumbnailProps) => {
  const imageName = useField<string | null>(siblingName(name)).value;
  const url = typeof value === 'string' && value !== '' ? value : null;
  const [variantFailed, setVariantFailed] = useState<string | null>(null);
  const smallest = url && variantFailed !== url ? imageVariantsOf(url)[0]?.url : undefined;
  return (
    <Field.Root name={name} hint={hint}>
      <Field.Label>{label}</Field.Label>
      <Flex gap={3} alignItems="center">
        {url ? (
          <Box
            tag="img"
            src={smallest ?? url}
            onError={smallest ? () => setVariantFailed(url) : undefined}
            alt={imageName || 'Unit image'}
            loading="lazy"
            decoding="async"
            width="96"
            style={{ maxWidth: 96, maxHeight: 96, objectFit: 'cover', borderRadius: 4 }}
          />
        ) : null}
        <Typography variant="pi" textColor="neutral600" style={{ wordBreak: 'break-all' }}>
          {url ?? 'No image'}
        </Typography>
      </Flex>
      <Field.Hint />
    </Field.Root>
  );
};
