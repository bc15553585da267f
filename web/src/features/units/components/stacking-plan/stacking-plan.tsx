import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { stackingPlan, UNIT_STATUSES, type PlanSection, type UnitStatus } from '@repo/types';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { UnitListItem } from '@/features/units/api/types';
import { STACKING_TEXT } from '@/features/units/utils/stacking-plan-messages';
import { PlanCard } from './plan-card';
import { PlanGrid, type PlanSelection } from './plan-grid';
import { PlanLegend } from './plan-legend';
import { PLAN_CSS } from './plan-styles';

export interface StackingPlanProps {
  projectName: string;
  units: readonly UnitListItem[];
  /** The rows the table's search, filters and price range leave, and whether any of them narrows the list. */
  rows: readonly UnitListItem[];
  narrowed: boolean;
  visibleTo: readonly string[] | null;
  selection?: PlanSelection;
  onOpen: (unit: UnitListItem) => void;
}

interface Derived {
  sections: PlanSection<UnitListItem>[];
  counts: Record<UnitStatus, number>;
}

/** The plan of a list, kept with the list (SWR's object) like the table's index: switching back is free. */
const derivedPlans = new WeakMap<readonly UnitListItem[], Derived>();

const derivedOf = (units: readonly UnitListItem[]): Derived => {
  let derived = derivedPlans.get(units);
  if (!derived) {
    const counts = Object.fromEntries(UNIT_STATUSES.map((status) => [status, 0])) as Record<UnitStatus, number>;
    for (const unit of units) counts[unit.status] += 1;
    derived = { sections: stackingPlan(units), counts };
    derivedPlans.set(units, derived);
  }
  return derived;
};

const titleOf = (section: PlanSection<UnitListItem>) => (section.kind === 'plots' ? STACKING_TEXT.plots : STACKING_TEXT.tower(section.building));

// Printing shows the plan alone: the project's name, the date, the legend, one building a page.
const PRINT_CSS = `
@media print {
  body * { visibility: hidden; }
  .stacking-plan, .stacking-plan * { visibility: visible; }
  .stacking-plan { position: absolute; inset-inline-start: 0; top: 0; width: 100%; }
  .stacking-plan .no-print { display: none !important; }
  .stacking-plan .plan-print-only { display: block !important; }
  .stacking-plan .plan-section { break-after: page; }
  .stacking-plan .plan-section:last-of-type { break-after: auto; }
  .stacking-plan .plan-scroll { overflow: visible !important; max-height: none !important; }
  .stacking-plan [data-cell], .stacking-plan .plan-swatch { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}
`;

/**
 * The stacking plan (issue #28): the viewer's units as buildings of floors and stacks, from the
 * same list as the table (same request, same server rule), so an agent's plan holds exactly their
 * list and nothing about the positions of units they may not see.
 */
export const StackingPlan = ({ projectName, units, rows, narrowed, visibleTo, selection, onOpen }: StackingPlanProps) => {
  const { sections, counts } = useMemo(() => derivedOf(units), [units]);
  const matching = useMemo(() => (narrowed ? new Set(rows.map((unit) => unit.id)) : null), [rows, narrowed]);
  const [inspected, setInspected] = useState<{ unit: UnitListItem; anchor: DOMRect } | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const [printing, setPrinting] = useState(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // A large building shows only the cells in view; printing (the button or the browser's own
  // command) renders all of them first, synchronously, so the page holds the whole plan.
  useEffect(() => {
    const handleBefore = () => flushSync(() => setPrinting(true));
    const handleAfter = () => setPrinting(false);
    window.addEventListener('beforeprint', handleBefore);
    window.addEventListener('afterprint', handleAfter);
    return () => {
      window.removeEventListener('beforeprint', handleBefore);
      window.removeEventListener('afterprint', handleAfter);
    };
  }, []);

  // The card waits a moment, so sweeping the pointer across the plan does not read every unit.
  const handleInspect = useMemo(
    () => (unit: UnitListItem | null, element: HTMLElement | null) => {
      window.clearTimeout(timer.current);
      if (!unit || !element) {
        setInspected(null);
        return;
      }
      timer.current = window.setTimeout(() => setInspected({ unit, anchor: element.getBoundingClientRect() }), 300);
    },
    [],
  );

  const today = new Date().toLocaleDateString(undefined, { dateStyle: 'long' });
  return (
    <Stack gap="4" className="stacking-plan" css={PLAN_CSS} data-testid="stacking-plan">
      <Global styles={PRINT_CSS} />
      <Box className="plan-print-only">
        <Heading as="h2" size="md">
          {projectName}
        </Heading>
        <Text fontSize="sm">{STACKING_TEXT.printedOn(today)}</Text>
      </Box>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <PlanLegend counts={counts} hideEmpty={selection === undefined} />
        <Button size="sm" variant="outline" className="no-print" onClick={() => window.print()}>
          {STACKING_TEXT.print}
        </Button>
      </Flex>
      {sections.length === 0 ? (
        <Text color="fg.muted" py="8" textAlign="center" role="status">
          {STACKING_TEXT.empty}
        </Text>
      ) : (
        sections.map((section) => (
          <PlanGrid
            key={`${section.kind}:${section.building}`}
            section={section}
            title={titleOf(section)}
            visibleTo={visibleTo}
            matching={matching}
            selection={selection}
            onOpen={onOpen}
            onInspect={handleInspect}
            whole={printing}
          />
        ))
      )}
      {inspected && <PlanCard unit={inspected.unit} anchor={inspected.anchor} />}
    </Stack>
  );
};
