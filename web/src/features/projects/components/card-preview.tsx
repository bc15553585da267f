import { Box, Stack, Text } from '@chakra-ui/react';
import type { CropRect } from '@repo/types';
import { coverLayout, type Size } from '../utils/crop-geometry';
import { PROPERTIES_TEXT } from '../utils/messages';

export interface CardPreviewProps {
  src: string;
  image: Size;
  crop: CropRect;
  position: string;
}

// The size of a dashboard card's image box (property-image.tsx), at the width of a 3-column grid.
const CARD_BOX: Size = { width: 280, height: 180 };

/** The live card preview: what a dashboard card will show of the crop, at the chosen position. */
export const CardPreview = ({ src, image, crop, position }: CardPreviewProps) => {
  const layout = coverLayout(crop, image, CARD_BOX, position);
  return (
    <Stack gap="2">
      <Text fontWeight="medium" fontSize="sm" id="card-preview-label">
        {PROPERTIES_TEXT.cardPreview}
      </Text>
      <Box
        role="img"
        aria-labelledby="card-preview-label"
        position="relative"
        overflow="hidden"
        w={`${CARD_BOX.width}px`}
        h={`${CARD_BOX.height}px`}
        maxW="full"
        rounded="md"
        borderWidth="1px"
        bg="bg.muted"
      >
        <img
          src={src}
          alt=""
          draggable={false}
          style={{ position: 'absolute', maxWidth: 'none', width: layout.width, height: layout.height, left: layout.left, top: layout.top }}
        />
      </Box>
    </Stack>
  );
};
