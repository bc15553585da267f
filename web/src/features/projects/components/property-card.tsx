import { Badge, Button, Card, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { AGENT_VISIBLE_STATUSES, formatLocation, MARKETS, UNIT_STATUSES, type UnitStatus } from '@repo/types';
import { Link } from 'react-router-dom';
import type { ProjectCard } from '../api/types';
import { PROPERTIES_TEXT } from '../utils/messages';
import { PropertyImage } from './property-image';

export interface PropertyCardProps {
  project: ProjectCard;
  mode: 'admin' | 'agent';
  detailsHref: string;
  onEdit?: (project: ProjectCard) => void;
  onDelete?: (project: ProjectCard) => void;
}

/**
 * One property on a dashboard (spec §2): admins see every status count above 0 and the region
 * badges; agents see total, available, sold and reserved.
 */
export const PropertyCard = ({ project, mode, detailsHref, onEdit, onDelete }: PropertyCardProps) => {
  const counts = project.unitStatusCounts;
  const statuses: readonly UnitStatus[] =
    mode === 'admin' ? UNIT_STATUSES.filter((status) => counts[status] > 0) : AGENT_VISIBLE_STATUSES;
  const headingId = `property-${project.id}-name`;
  return (
    <Card.Root as="article" aria-labelledby={headingId} overflow="hidden" size="sm" data-testid="property-card">
      {project.imageUrl && <PropertyImage src={project.imageUrl} alt={project.name} metadata={project.imageMetadata} />}
      <Card.Body gap="3">
        <Stack gap="1">
          <Heading as="h4" size="md" id={headingId}>
            {project.name}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {formatLocation(project.location)}
          </Text>
        </Stack>
        <Wrap gap="2" fontSize="sm">
          <Text fontWeight="medium">
            {PROPERTIES_TEXT.totalUnits}: {project.totalUnits}
          </Text>
          {statuses.map((status) => (
            <Text key={status} color="fg.muted">
              {PROPERTIES_TEXT.statusLabels[status]}: {counts[status]}
            </Text>
          ))}
        </Wrap>
        {mode === 'admin' && (
          <HStack gap="2">
            {MARKETS.filter((market) => project.visibleTo?.includes(market)).map((market) => (
              <Badge key={market} colorPalette={market === 'dubai' ? 'blue' : 'purple'} variant="subtle">
                {PROPERTIES_TEXT.markets[market]}
              </Badge>
            ))}
          </HStack>
        )}
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button asChild size="sm" colorPalette="brand">
          <Link to={detailsHref}>{PROPERTIES_TEXT.viewDetails}</Link>
        </Button>
        {onEdit && (
          <Button size="sm" variant="outline" onClick={() => onEdit(project)}>
            {PROPERTIES_TEXT.edit}
          </Button>
        )}
        {onDelete && (
          <Button size="sm" variant="ghost" colorPalette="red" onClick={() => onDelete(project)}>
            {PROPERTIES_TEXT.delete}
          </Button>
        )}
      </Card.Footer>
    </Card.Root>
  );
};
