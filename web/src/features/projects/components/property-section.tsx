import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Fragment, startTransition, useEffect, useState, type ReactNode } from 'react';
import { usePropertyCardsCss } from './property-card';

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

/**
 * Cards drawn with the page's first paint; the rest of a long list follows right after it, as a
 * transition. A dashboard of hundreds of projects (the bench has 200) then shows its first rows, and
 * asks for their images, before React has built every card.
 */
const FIRST_PAINT_CARDS = 12;

/** False until the first frame after mounting has been painted. */
const useAfterFirstPaint = () => {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const afterFrame = () => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)));
    };
    if (typeof window.requestAnimationFrame !== 'function') {
      afterFrame();
      return () => window.clearTimeout(timer);
    }
    const frame = window.requestAnimationFrame(afterFrame);
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
};

/** A titled region of PropertyCards, or its empty text. */
export const PropertySection = <T extends { id: number }>({ id, title, emptyText, projects, renderCard, headingLevel = 'h3' }: PropertySectionProps<T>) => {
  const painted = useAfterFirstPaint();
  // The PropertyCards' styles, given once to their grid.
  const cardsCss = usePropertyCardsCss();
  const shown = painted ? projects : projects.slice(0, FIRST_PAINT_CARDS);
  return (
    <Stack as="section" gap="4" aria-labelledby={id}>
      <Heading as={headingLevel} size="lg" id={id}>
        {title}
      </Heading>
      {projects.length === 0 ? (
        <Text color="fg.muted">{emptyText}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" css={cardsCss}>
          {shown.map((project, index) => (
            <Fragment key={project.id}>{renderCard(project, index)}</Fragment>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
};
