import { useRecipe, useSlotRecipe, type SystemStyleObject } from '@chakra-ui/react';
import { AGENT_VISIBLE_STATUSES, formatLocation, MARKETS, UNIT_STATUSES, type UnitStatus } from '@repo/types';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectCard } from '../api/types';
import { PROPERTIES_TEXT } from '../utils/messages';
import { PropertyCover } from './property-image';

export interface PropertyCardProps {
  project: ProjectCard;
  mode: 'admin' | 'agent';
  detailsHref: string;
  onEdit?: (project: ProjectCard) => void;
  onDelete?: (project: ProjectCard) => void;
  /** One of the first cards on the screen: its image is fetched eagerly (the dashboard's LCP). */
  priority?: boolean;
}

// A card is plain elements styled once for the whole grid (usePropertyCardsCss), not a styled
// component each: a dashboard holds a card per project and region, some 270 for 200 projects, and
// each styled component is several React fibers, and a style object hashed, to render and, on the
// way into a project, to take down. The look is the theme's own: Card (size sm), Heading md, Text,
// subtle Badges and Buttons (size sm), from their recipes.
const CARD_CSS = {
  '& .property-card-image': { h: '180px', overflow: 'hidden', bg: 'bg.muted' },
  '& .property-card-image img': { w: 'full', h: 'full', objectFit: 'cover' },
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
 * The styles of every PropertyCard in a grid, for the grid's `css`: the Card recipe's slots at size
 * sm, the Button recipe's solid, outline and ghost at size sm, then the card's own rules above.
 */
export const usePropertyCardsCss = (): SystemStyleObject => {
  const card = useSlotRecipe({ key: 'card' });
  const button = useRecipe({ key: 'button' });
  return useMemo(() => {
    const slots = card({ size: 'sm' });
    // Each recipe's styles come wrapped in its cascade layer; the card's own sit beside them, unlayered,
    // as a component's style props do.
    return {
      '& .property-card': { ...slots.root, overflow: 'hidden' },
      '& .property-card-body': { ...slots.body, gap: '3' },
      '& .property-card-footer': { ...slots.footer, gap: '2', flexWrap: 'wrap' },
      '& .property-card-footer [data-action="view"]': { ...button({ size: 'sm' }), colorPalette: 'brand' },
      '& .property-card-footer [data-action="edit"]': { ...button({ size: 'sm', variant: 'outline' }), colorPalette: 'gray' },
      '& .property-card-footer [data-action="delete"]': { ...button({ size: 'sm', variant: 'ghost' }), colorPalette: 'red' },
      ...CARD_CSS,
    } as SystemStyleObject;
  }, [card, button]);
};

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
    <article className="property-card" aria-labelledby={headingId} data-testid="property-card">
      {project.imageUrl && (
        <div className="property-card-image">
          <PropertyCover src={project.imageUrl} variants={project.imageVariants} priority={priority} alt={project.name} metadata={project.imageMetadata} />
        </div>
      )}
      <div className="property-card-body">
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
      </div>
      <div className="property-card-footer">
        <Link to={detailsHref} data-action="view">
          {PROPERTIES_TEXT.viewDetails}
        </Link>
        {onEdit && (
          <button type="button" data-action="edit" onClick={() => onEdit(project)}>
            {PROPERTIES_TEXT.edit}
          </button>
        )}
        {onDelete && (
          <button type="button" data-action="delete" onClick={() => onDelete(project)}>
            {PROPERTIES_TEXT.delete}
          </button>
        )}
      </div>
    </article>
  );
};
