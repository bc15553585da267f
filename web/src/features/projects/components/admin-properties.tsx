import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { groupProjectsByRegion } from '@repo/types';
import { useMemo, useState } from 'react';
import { InlineError } from '@/components/feedback/inline-error';
import { paths } from '@/config/paths';
import { useProjects } from '../api/get-projects';
import type { ProjectCard } from '../api/types';
import { PROPERTIES_TEXT } from '../utils/messages';
import { DeletePropertyDialog } from './delete-property-dialog';
import { PropertyCard } from './property-card';
import { PropertyFormDialog } from './property-form-dialog';
import { PropertySection } from './property-section';

/** The cards of a section's first row (three on a wide screen) are fetched eagerly: they are the largest paint. */
const FIRST_ROW = 3;

type Editing = { mode: 'create' } | { mode: 'edit'; project: ProjectCard } | null;

/** The admin dashboard's Properties tab (spec §2): sections by region, add, edit and delete. */
export const AdminProperties = () => {
  const { projects, error, isLoading } = useProjects();
  const groups = useMemo(() => groupProjectsByRegion(projects), [projects]);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ProjectCard | null>(null);

  const renderCard = (project: ProjectCard, index: number) => (
    <PropertyCard
      project={project}
      priority={index < FIRST_ROW}
      mode="admin"
      detailsHref={paths.adminProject(project.id)}
      onEdit={(target) => setEditing({ mode: 'edit', project: target })}
      onDelete={setDeleting}
    />
  );

  return (
    <Stack gap="8">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h2" size="xl">
          {PROPERTIES_TEXT.tabHeading}
        </Heading>
        <Button colorPalette="brand" onClick={() => setEditing({ mode: 'create' })}>
          {PROPERTIES_TEXT.addProperty}
        </Button>
      </Flex>
      {isLoading ? (
        <Text color="fg.muted" role="status">
          {PROPERTIES_TEXT.loading}
        </Text>
      ) : error ? (
        <InlineError message={PROPERTIES_TEXT.loadFailed} />
      ) : (
        <>
          {(['dubai', 'doha'] as const).map((region) => (
            <PropertySection
              key={region}
              id={`properties-${region}`}
              title={PROPERTIES_TEXT.sections[region].title}
              emptyText={PROPERTIES_TEXT.sections[region].empty}
              projects={groups[region]}
              renderCard={renderCard}
            />
          ))}
          {groups.other.length > 0 && (
            <PropertySection id="properties-other" title={PROPERTIES_TEXT.sections.other.title} emptyText="" projects={groups.other} renderCard={renderCard} />
          )}
        </>
      )}
      <PropertyFormDialog
        open={editing !== null}
        project={editing?.mode === 'edit' ? editing.project : undefined}
        onClose={() => setEditing(null)}
        onDeleted={() => setEditing(null)}
      />
      <DeletePropertyDialog project={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
};
