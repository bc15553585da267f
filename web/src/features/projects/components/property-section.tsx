import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';

export interface PropertySectionProps<T extends { id: number }> {
  id: string;
  title: string;
  emptyText: string;
  projects: readonly T[];
  /** `index` is the card's place in the section: the first ones are above the fold. */
  renderCard: (project: T, index: number) => ReactNode;
}

/** A titled region of property cards, or its empty text. */
export const PropertySection = <T extends { id: number }>({ id, title, emptyText, projects, renderCard }: PropertySectionProps<T>) => (
  <Stack as="section" gap="4" aria-labelledby={id}>
    <Heading as="h3" size="lg" id={id}>
      {title}
    </Heading>
    {projects.length === 0 ? (
      <Text color="fg.muted">{emptyText}</Text>
    ) : (
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {projects.map((project, index) => (
          <Fragment key={project.id}>{renderCard(project, index)}</Fragment>
        ))}
      </SimpleGrid>
    )}
  </Stack>
);
