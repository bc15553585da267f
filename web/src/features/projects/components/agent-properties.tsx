import { Stack, Text } from '@chakra-ui/react';
import { groupProjectsByRegion, type AgentType } from '@repo/types';
import { useMemo } from 'react';
import { InlineError } from '@/components/feedback/inline-error';
import { paths } from '@/config/paths';
import { useProjects } from '../api/get-projects';
import type { ProjectCard } from '../api/types';
import { PROPERTIES_TEXT } from '../utils/messages';
import { PropertyCard } from './property-card';
import { PropertySection } from './property-section';

/** The cards of a section's first row (three on a wide screen) are fetched eagerly: they are the largest paint. */
const FIRST_ROW = 3;

export interface AgentPropertiesProps {
  agentType: AgentType;
}

const renderCard = (project: ProjectCard, index: number) => (
  <PropertyCard project={project} mode="agent" detailsHref={paths.agentProject(project.id)} priority={index < FIRST_ROW} />
);

/**
 * The agent dashboard's Properties tab (spec §2). The server already sends only what this agent may
 * see; dubai and doha agents get one 'Available Properties' list, super agents both regions and,
 * when there are any, 'Other Properties'.
 */
export const AgentProperties = ({ agentType }: AgentPropertiesProps) => {
  const { projects, error, isLoading } = useProjects();
  const groups = useMemo(() => groupProjectsByRegion(projects), [projects]);

  if (isLoading) {
    return (
      <Text color="fg.muted" role="status">
        {PROPERTIES_TEXT.loading}
      </Text>
    );
  }
  if (error) return <InlineError message={PROPERTIES_TEXT.loadFailed} />;

  if (agentType !== 'super') {
    return (
      <PropertySection
        id="properties-available"
        title={PROPERTIES_TEXT.agentSection}
        emptyText={PROPERTIES_TEXT.agentEmpty}
        projects={projects}
        renderCard={renderCard}
        headingLevel="h2"
      />
    );
  }
  return (
    <Stack gap="8">
      {(['dubai', 'doha'] as const).map((region) => (
        <PropertySection
          key={region}
          id={`properties-${region}`}
          title={PROPERTIES_TEXT.sections[region].title}
          emptyText={PROPERTIES_TEXT.agentEmpty}
          projects={groups[region]}
          renderCard={renderCard}
          headingLevel="h2"
        />
      ))}
      {/* A project visible to neither region is still a super agent's to open (the server sends it):
          without this section it would be reachable only by its URL. As on the admin's dashboard. */}
      {groups.other.length > 0 && (
        <PropertySection
          id="properties-other"
          title={PROPERTIES_TEXT.sections.other.title}
          emptyText=""
          projects={groups.other}
          renderCard={renderCard}
          headingLevel="h2"
        />
      )}
    </Stack>
  );
};
