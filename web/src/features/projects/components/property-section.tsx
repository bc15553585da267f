import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';

export interface PropertySectionProps<T extends { id: number }> {
  id: string;
  title: string;
  emptyText: string;
  projects: readonly T[];
  /** `index` is the card's place in the section: the first ones are above the fold. */
  renderCard: (project: T, index: number) => ReactNode;
  /** h3 under a tab's own h2 (the admin's 'Properties'); h2 where the sections come right under the page's h1. */
  headingLevel?: 'h2' | 'h3';
}

/** A titled region of property cards, or its empty text. */
export const PropertySection = <T extends { id: number }>({ id, title, emptyText, projects, renderCard, headingLevel = 'h3' }: PropertySectionProps<T>) => (
  <Stack as="section" gap="4" aria-labelledby={id}>
    <Heading as={headingLevel} size="lg" id={id}>
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
