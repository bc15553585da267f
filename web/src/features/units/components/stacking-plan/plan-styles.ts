import { UNIT_STATUSES, type UnitStatus } from '@repo/types';
import { STATUS_PALETTE } from '@/lib/status-colors';

import { PLAN_GEOMETRY } from '@/features/units/hooks/use-plan-window';

const CELL_WIDTH = PLAN_GEOMETRY.cellWidth;
const CELL_HEIGHT = PLAN_GEOMETRY.cellHeight;

// A pattern per status besides the colour, so colour is never the only signal (with the letter).
const PATTERNS: Record<UnitStatus, string> = {
  available: 'none',
  sold: 'repeating-linear-gradient(135deg, transparent 0 7px, rgba(0,0,0,0.14) 7px 9px)',
  reserved: 'radial-gradient(rgba(0,0,0,0.18) 1.2px, transparent 1.6px)',
  unavailable:
    'repeating-linear-gradient(45deg, transparent 0 5px, rgba(0,0,0,0.16) 5px 7px), repeating-linear-gradient(135deg, transparent 0 5px, rgba(0,0,0,0.16) 5px 7px)',
  occupied: 'repeating-linear-gradient(0deg, transparent 0 6px, rgba(0,0,0,0.14) 6px 8px)',
};

const statusStyles = Object.fromEntries(
  UNIT_STATUSES.map((status) => [
    `& [data-status=${status}]`,
    {
      bgColor: `${STATUS_PALETTE[status]}.subtle`,
      borderColor: `${STATUS_PALETTE[status]}.solid`,
      backgroundImage: PATTERNS[status],
      backgroundSize: status === 'reserved' ? '8px 8px' : undefined,
    },
  ]),
);

/** The plan's look, set once on its root rather than per cell (thousands of cells, one style sheet). */
export const PLAN_CSS = {
  '& .plan-row': { display: 'flex', gap: '4px' },
  '& [data-windowed] .plan-header-row': { position: 'sticky', top: 0, bg: 'bg', zIndex: 2 },
  '& .plan-rowheader, & .plan-colheader': {
    flexShrink: 0,
    fontSize: 'xs',
    color: 'fg.muted',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  '& .plan-rowheader': { w: `${PLAN_GEOMETRY.rowHeader}px`, position: 'sticky', insetInlineStart: 0, bg: 'bg', zIndex: 1, fontWeight: 'medium' },
  '& .plan-colheader': { w: `${CELL_WIDTH}px`, h: `${PLAN_GEOMETRY.columnHeader}px` },
  '& .plan-corner': { w: `${PLAN_GEOMETRY.rowHeader}px`, flexShrink: 0 },
  '& .plan-empty': {
    w: `${CELL_WIDTH}px`,
    h: `${CELL_HEIGHT}px`,
    flexShrink: 0,
    borderWidth: '1px',
    borderStyle: 'dashed',
    borderColor: 'border.muted',
    rounded: 'sm',
  },
  '& [data-cell]': {
    w: `${CELL_WIDTH}px`,
    h: `${CELL_HEIGHT}px`,
    flexShrink: 0,
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    borderWidth: '1px',
    borderInlineStartWidth: '5px',
    rounded: 'sm',
    paddingInline: '1.5',
    fontSize: 'xs',
    lineHeight: '1.3',
    cursor: 'pointer',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    color: 'fg',
    printColorAdjust: 'exact',
  },
  '& [data-cell] > span': { overflow: 'hidden', textOverflow: 'ellipsis' },
  '& [data-cell]:focus-visible': { outline: '3px solid', outlineColor: 'fg', outlineOffset: '1px', zIndex: 2 },
  '& [data-cell][aria-selected=true]': { boxShadow: 'inset 0 0 0 3px var(--chakra-colors-brand-solid)' },
  '& [data-cell][data-drag]': { boxShadow: 'inset 0 0 0 3px var(--chakra-colors-brand-focus-ring)' },
  // A unit the search or filters leave out stands back: grey, its status only in its letter. Not
  // faded with opacity: its text stays readable (WCAG 1.4.3), since the cell still opens the unit.
  '& [data-cell][data-dim]': { bgColor: 'bg.muted', borderColor: 'border', backgroundImage: 'none', color: 'fg.muted' },
  '& [data-cell]::before, & .plan-swatch': { fontWeight: 'bold', fontSize: '2xs' },
  // A cell's status letter (data-mark, the legend's letter): generated content rather than text of the
  // cell, so what the cell shows in text is one run of its name (WCAG 2.5.3); '/ ""' keeps it out of the accessibility tree.
  '& [data-cell]::before': { content: 'attr(data-mark) / ""', position: 'absolute', insetInlineEnd: '3px', top: '1px', color: 'fg.muted' },
  '& .plan-swatch': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '22px',
    h: '18px',
    borderWidth: '1px',
    borderInlineStartWidth: '4px',
    rounded: 'sm',
    printColorAdjust: 'exact',
  },
  ...statusStyles,
  '& .plan-print-only': { display: 'none' },
  '& .plan-sr': { srOnly: true },
} as const;
