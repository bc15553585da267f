import { Badge, Card, DataList, Heading, HStack, Text } from '@chakra-ui/react';
import { formatLocation, MARKETS } from '@repo/types';
import type { ProjectRecord } from '../api/types';
import { PROPERTIES_TEXT } from '../utils/messages';

export interface ProjectInformationProps {
  project: Pick<ProjectRecord, 'location' | 'visibleTo' | 'description'>;
  mode: 'admin' | 'agent';
  /** Every unit of the project (admins only). */
  totalUnits: number;
  /** The units the table shows now, after search and filters. */
  displayedUnits: number;
}

/** 'Property Information' on the project page (spec §2). */
export const ProjectInformation = ({ project, mode, totalUnits, displayedUnits }: ProjectInformationProps) => {
  const markets = MARKETS.filter((market) => project.visibleTo?.includes(market));
  return (
    <Card.Root as="section" aria-labelledby="property-information-heading">
      <Card.Body gap="4">
        <Heading as="h2" size="lg" id="property-information-heading">
          {PROPERTIES_TEXT.information}
        </Heading>
        <DataList.Root orientation="horizontal" gap="3">
          <DataList.Item>
            <DataList.ItemLabel minW="190px">{PROPERTIES_TEXT.location}</DataList.ItemLabel>
            <DataList.ItemValue>{formatLocation(project.location)}</DataList.ItemValue>
          </DataList.Item>
          {mode === 'admin' && (
            <DataList.Item>
              <DataList.ItemLabel minW="190px">{PROPERTIES_TEXT.totalProjectUnits}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="total-project-units">{totalUnits}</DataList.ItemValue>
            </DataList.Item>
          )}
          <DataList.Item>
            <DataList.ItemLabel minW="190px">{mode === 'admin' ? PROPERTIES_TEXT.displayedUnits : PROPERTIES_TEXT.availableUnits}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="displayed-units">{displayedUnits}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="190px">{PROPERTIES_TEXT.visibility}</DataList.ItemLabel>
            <DataList.ItemValue>
              {markets.length === 0 ? (
                <Text>{PROPERTIES_TEXT.noVisibility}</Text>
              ) : (
                <HStack gap="2">
                  {markets.map((market) => (
                    <Badge key={market} colorPalette={market === 'dubai' ? 'blue' : 'purple'}>
                      {PROPERTIES_TEXT.markets[market]}
                    </Badge>
                  ))}
                </HStack>
              )}
            </DataList.ItemValue>
          </DataList.Item>
          {project.description && (
            <DataList.Item>
              <DataList.ItemLabel minW="190px">{PROPERTIES_TEXT.description}</DataList.ItemLabel>
              <DataList.ItemValue whiteSpace="pre-line">{project.description}</DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
};
