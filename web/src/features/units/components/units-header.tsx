import { Button, Flex, Heading, HStack } from '@chakra-ui/react';
import { memo } from 'react';
import { InfoTooltip } from '../../../components/ui/info-tooltip';
import { UNITS_TEXT } from '../utils/messages';

export interface UnitsHeaderProps {
  count: number;
  /** Admins only: 'Add New Unit' and the note on what agents see. */
  onAdd?: () => void;
}

/** 'Units (n)' and the admin tools; memoised, as the table's filters re-render everything around it. */
export const UnitsHeader = memo(({ count, onAdd }: UnitsHeaderProps) => (
  <Flex justify="space-between" align="center" gap="3" wrap="wrap">
    <Heading as="h2" size="lg" id="units-heading">
      {UNITS_TEXT.heading(count)}
    </Heading>
    {onAdd && (
      <HStack gap="2">
        <InfoTooltip label={UNITS_TEXT.agentsSeeHelp} content={UNITS_TEXT.agentsSee} />
        <Button colorPalette="brand" size="sm" onClick={onAdd}>
          {UNITS_TEXT.addUnit}
        </Button>
      </HStack>
    )}
  </Flex>
));
UnitsHeader.displayName = 'UnitsHeader';
