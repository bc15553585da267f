import { Button, Card } from '@chakra-ui/react';
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
  /** One of the first cards on the screen: its image is fetched eagerly (the dashboard's LCP). */
  priority?: boolean;
}

// The card's text is plain elements styled once here (the look of Heading size md, Text, Wrap and
// subtle Badges), not a styled component each: a dashboard holds a card per project and region, some
// 270 for 200 projects, and each styled component is several React fibers to render and, on the way
// into a project, to take down.
const CARD_CSS = {
  '& .property-card-title': { display: 'flex', flexDirection: 'column', gap: '1' },
  '& .property-card-title :is(h3, h4)': { fontFamily: 'heading', fontWeight: 'semibold', textStyle: 'md' },
  '& .property-card-title p': { color: 'fg.muted', fontSize: 'sm' },
  '& .property-card-counts': { display: 'flex', flexWrap: 'wrap', gap: '2', fontSize: 'sm' },
  '& .property-card-counts p': { color: 'fg.muted' },
  '& .property-card-counts p[data-total]': { color: 'inherit', fontWeight: 'medium' },
  '& .property-card-markets': { display: 'flex', alignItems: 'center', gap: '2' },
  '& .property-card-markets span': {
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: 'l2',
    gap: '1',
    fontWeight: 'medium',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    userSelect: 'none',
    textStyle: 'xs',
    px: '1.5',
    minH: '5',
    bg: 'colorPalette.subtle',
    color: 'colorPalette.fg',
  },
  '& .property-card-markets span[data-market="dubai"]': { colorPalette: 'blue' },
  '& .property-card-markets span[data-market="doha"]': { colorPalette: 'purple' },
} as const;

/**
 * One property on a dashboard (spec §2): admins see every status count above 0 and the region
 * badges; agents see total, available, sold and reserved.
 */
export const PropertyCard = ({ project, mode, detailsHref, onEdit, onDelete, priority = false }: PropertyCardProps) => {
  const counts = project.unitStatusCounts;
  const statuses: readonly UnitStatus[] = mode === 'admin' ? UNIT_STATUSES.filter((status) => counts[status] > 0) : AGENT_VISIBLE_STATUSES;
  const headingId = `property-${project.id}-name`;
  // Under the agent's region headings (h2, right under the page's h1) or the admin's (h3, under the tab's h2).
  const Title = mode === 'agent' ? 'h3' : 'h4';
  return (
    <Card.Root as="article" aria-labelledby={headingId} overflow="hidden" size="sm" data-testid="property-card" css={CARD_CSS}>
      {project.imageUrl && (
        <PropertyImage src={project.imageUrl} variants={project.imageVariants} priority={priority} alt={project.name} metadata={project.imageMetadata} />
      )}
      <Card.Body gap="3">
        <div className="property-card-title">
          <Title id={headingId}>{project.name}</Title>
          <p>{formatLocation(project.location)}</p>
        </div>
        <div className="property-card-counts">
          <p data-total="">
            {PROPERTIES_TEXT.totalUnits}: {project.totalUnits}
          </p>
          {statuses.map((status) => (
            <p key={status}>
              {PROPERTIES_TEXT.statusLabels[status]}: {counts[status]}
            </p>
          ))}
        </div>
        {mode === 'admin' && (
          <div className="property-card-markets">
            {MARKETS.filter((market) => project.visibleTo?.includes(market)).map((market) => (
              <span key={market} data-market={market}>
                {PROPERTIES_TEXT.markets[market]}
              </span>
            ))}
          </div>
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
