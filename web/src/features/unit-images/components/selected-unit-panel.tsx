import { Button, Card, Flex, Heading, HStack } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { ImageUnit } from '../api/types';
import { IMAGES_TEXT } from '../utils/messages';
import { ImageManager } from './image-manager';

export interface SelectedUnitPanelProps {
  unit: ImageUnit;
  projectId: number | string;
}

/** The selected unit: its image manager, 'Go to Unit Details' and 'Edit Unit' (spec §2). */
export const SelectedUnitPanel = ({ unit, projectId }: SelectedUnitPanelProps) => (
  <Card.Root as="section" aria-label={IMAGES_TEXT.unitHeading(unit.unitNumber)}>
    <Card.Body gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="lg">
          {IMAGES_TEXT.unitHeading(unit.unitNumber)}
        </Heading>
        <HStack gap="2">
          <Button asChild size="sm" variant="outline">
            <Link to={`${paths.adminUnit(unit.id)}?edit=true`}>{IMAGES_TEXT.editUnit}</Link>
          </Button>
          <Button asChild size="sm" colorPalette="brand">
            <Link to={paths.adminUnit(unit.id)}>{IMAGES_TEXT.goToUnit}</Link>
          </Button>
        </HStack>
      </Flex>
      {/* Keyed: a different unit starts with an empty selection. */}
      <ImageManager key={unit.id} unit={unit} projectId={projectId} />
    </Card.Body>
  </Card.Root>
);
