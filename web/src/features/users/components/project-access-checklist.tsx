import { Badge, Button, Checkbox, Fieldset, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { defaultProjectAccess, groupProjectsByRegion, type AgentType } from '@repo/types';
import { useMemo } from 'react';
import { InlineError } from '@/components/feedback/inline-error';
import { loadFailureMessage } from '@/lib/api/api-error';
import { useProjectOptions } from '../api/get-project-options';
import { USERS_TEXT } from '../utils/messages';

export interface ProjectAccessChecklistProps {
  agentType: AgentType;
  /**
   * The ticked project ids; null is "none assigned": the agent type's defaults (spec §4), shown
   * ticked but not frozen into a list. An empty list is "no project at all".
   */
  selected: readonly number[] | null;
  onChange: (selected: number[] | null) => void;
}

const REGION_ORDER = ['dubai', 'doha', 'other'] as const;

/** Project Access (spec §2, §4), grouped by region; a project visible to both regions is listed under both. */
export const ProjectAccessChecklist = ({ agentType, selected, onChange }: ProjectAccessChecklistProps) => {
  const { projects, error, isLoading } = useProjectOptions();
  const groups = useMemo(() => groupProjectsByRegion(projects), [projects]);
  const ticked = useMemo(() => new Set(selected ?? defaultProjectAccess(projects, agentType)), [selected, projects, agentType]);

  const handleToggle = (id: number, checked: boolean) => {
    const next = new Set(ticked);
    if (checked) next.add(id);
    else next.delete(id);
    onChange(projects.map((project) => project.id).filter((projectId) => next.has(projectId)));
  };

  return (
    <Fieldset.Root>
      <Fieldset.Legend>{USERS_TEXT.projectAccess}</Fieldset.Legend>
      <Fieldset.HelperText>{USERS_TEXT.projectAccessHint}</Fieldset.HelperText>
      <HStack gap="2" wrap="wrap" data-testid="project-access-in-force">
        <Text fontSize="sm">{USERS_TEXT.accessInForce}</Text>
        <Badge colorPalette={selected === null ? 'gray' : selected.length === 0 ? 'red' : 'brand'} variant="subtle">
          {selected === null ? USERS_TEXT.regionDefault : selected.length === 0 ? USERS_TEXT.noProjectAccess : USERS_TEXT.chosenProjects(selected.length)}
        </Badge>
        {selected !== null && (
          <Button size="xs" variant="outline" onClick={() => onChange(null)}>
            {USERS_TEXT.useRegionDefault}
          </Button>
        )}
      </HStack>
      <Fieldset.Content>
        {isLoading ? (
          <Text color="fg.muted">{USERS_TEXT.projectsLoading}</Text>
        ) : error ? (
          <InlineError message={loadFailureMessage(error, USERS_TEXT.projectsFailed)} />
        ) : projects.length === 0 ? (
          <Text color="fg.muted">{USERS_TEXT.noProjects}</Text>
        ) : (
          REGION_ORDER.filter((region) => groups[region].length > 0).map((region) => (
            <Stack key={region} gap="2">
              <Heading as="h3" size="xs" color="fg.muted">
                {USERS_TEXT.regions[region]}
              </Heading>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                {groups[region].map((project) => (
                  <Checkbox.Root
                    key={project.id}
                    checked={ticked.has(project.id)}
                    onCheckedChange={(details) => handleToggle(project.id, details.checked === true)}
                    colorPalette="brand"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{project.name}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
            </Stack>
          ))
        )}
      </Fieldset.Content>
    </Fieldset.Root>
  );
};
