import { Button, Flex, Heading, HStack } from '@chakra-ui/react';
import { memo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { InfoTooltip } from '@/components/ui/info-tooltip';
import { paths } from '@/config/paths';
import { UNITS_TEXT } from '../utils/messages';

export interface UnitsHeaderProps {
  count: number;
  /** How many rows the search and filters leave. */
  shown: number;
  /** A search or filter is active: the heading reads 'Units (shown of count)'. */
  narrowed: boolean;
  projectId: number;
  /** Admins only: 'Image Management', the tools of other features, 'Add New Unit' and the note on what agents see. */
  onAdd?: () => void;
  /** More admin tools from other features (the route composes them: 'Import/Export'). */
  tools?: ReactNode;
}

/** 'Units (n)' (or 'Units (12 of 80)' while filtered) and the admin tools; memoised, as the table's filters re-render everything around it. */
export const UnitsHeader = memo(({ count, shown, narrowed, projectId, onAdd, tools }: UnitsHeaderProps) => (
  <Flex justify="space-between" align="center" gap="3" wrap="wrap">
    <Heading as="h2" size="lg" id="units-heading">
      {UNITS_TEXT.heading(count, shown, narrowed)}
    </Heading>
    {onAdd && (
      <HStack gap="2" wrap="wrap">
        <InfoTooltip label={UNITS_TEXT.agentsSeeHelp} content={UNITS_TEXT.agentsSee} />
        <Button asChild size="sm" variant="outline">
          <RouterLink to={paths.adminUnitImages(projectId)}>{UNITS_TEXT.imageManagement}</RouterLink>
        </Button>
        {tools}
        <Button colorPalette="brand" size="sm" onClick={onAdd}>
          {UNITS_TEXT.addUnit}
        </Button>
      </HStack>
    )}
  </Flex>
));
UnitsHeader.displayName = 'UnitsHeader';
