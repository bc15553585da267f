import { Box, Button, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { formatPrice } from '@repo/types';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import type { SoldUnit } from '../api/get-sold-units';
import { useSetArchived } from '../api/set-archived';
import { SOLD_UNITS_TEXT } from '../utils/messages';
import { SaleDetailsForm } from './sale-details-form';

export interface SoldUnitPanelProps {
  unit: SoldUnit | null;
  /** The regions of the unit's project, which choose its currency (spec §9). */
  visibleTo: readonly string[] | null;
}

/** The right panel: the selected unit's sale details, its archive switch and a link to its page. */
export const SoldUnitPanel = ({ unit, visibleTo }: SoldUnitPanelProps) => {
  const setArchived = useSetArchived();
  const [archiving, setArchiving] = useState(false);

  if (!unit) {
    return (
      <Box borderWidth="1px" borderStyle="dashed" borderRadius="md" p="8" textAlign="center" bg="bg">
        <Heading as="h3" size="md">
          {SOLD_UNITS_TEXT.noneSelected}
        </Heading>
        <Text color="fg.muted" mt="2">
          {SOLD_UNITS_TEXT.noneSelectedHint}
        </Text>
      </Box>
    );
  }

  const handleArchive = async () => {
    const archived = !unit.archived;
    setArchiving(true);
    try {
      await setArchived(unit.id, archived);
      toaster.success({ title: archived ? SOLD_UNITS_TEXT.archived : SOLD_UNITS_TEXT.unarchived });
    } catch {
      toaster.error({ title: archived ? SOLD_UNITS_TEXT.archiveFailed : SOLD_UNITS_TEXT.unarchiveFailed });
    } finally {
      setArchiving(false);
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" align="start" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h3" size="md">
              Unit {unit.unitNumber}
            </Heading>
            <Text color="fg.muted">
              {unit.projectName ?? `Project ${unit.projectId}`} · {formatPrice(unit.price, visibleTo)}
            </Text>
            <Link asChild colorPalette="brand" fontSize="sm">
              <RouterLink to={paths.adminUnit(unit.id)}>{SOLD_UNITS_TEXT.viewUnit}</RouterLink>
            </Link>
          </Stack>
          <Button variant="outline" size="sm" onClick={handleArchive} loading={archiving}>
            {unit.archived ? SOLD_UNITS_TEXT.unarchive : SOLD_UNITS_TEXT.archive}
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        {/* Keyed by unit: choosing another unit starts from its stored values, while the form's own save
            (which refreshes the list) keeps the form, its confirmation and the values the server returned. */}
        <SaleDetailsForm key={unit.id} unit={unit} visibleTo={visibleTo} />
      </Card.Body>
    </Card.Root>
  );
};
