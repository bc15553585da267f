import { Badge, Heading, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { isSource } from '@repo/types';
import { useId } from 'react';
import type { ImageUnit } from '../api/types';
import { IMAGES_TEXT } from '../utils/messages';
import { UnitImageCard } from './unit-image-card';

export interface UnitTypeGroupProps {
  type: string;
  units: readonly ImageUnit[];
  selectedId: number | null;
  onSelect: (unit: ImageUnit) => void;
}

/** '{type} Units', with 'Shared Images Enabled' when one of them is a source (spec §2). */
export const UnitTypeGroup = ({ type, units, selectedId, onSelect }: UnitTypeGroupProps) => {
  const headingId = useId();
  return (
    <Stack as="section" gap="3" aria-labelledby={headingId}>
      <HStack gap="3" wrap="wrap">
        <Heading as="h2" size="lg" id={headingId}>
          {IMAGES_TEXT.groupHeading(type)}
        </Heading>
        {units.some(isSource) && <Badge colorPalette="purple">{IMAGES_TEXT.sharedEnabled}</Badge>}
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3">
        {units.map((unit) => (
          <UnitImageCard key={unit.id} unit={unit} selected={unit.id === selectedId} onSelect={onSelect} />
        ))}
      </SimpleGrid>
    </Stack>
  );
};
