import { Button, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { formatLocation } from '@repo/types';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectRecord } from '../api/types';
import { PROPERTIES_TEXT } from '../utils/messages';

export interface ProjectHeaderProps {
  project: Pick<ProjectRecord, 'name' | 'location'>;
  dashboardHref: string;
  /** Admins only: opens 'Edit Property'. */
  onEdit?: () => void;
}

/** The project page's title, location, 'Back to Dashboard' and, for admins, 'Edit Property' (spec §2). */
export const ProjectHeader = memo(({ project, dashboardHref, onEdit }: ProjectHeaderProps) => (
  <Stack gap="3">
    <ChakraLink asChild color="brand.fg" alignSelf="flex-start">
      <Link to={dashboardHref}>← {PROPERTIES_TEXT.backToDashboard}</Link>
    </ChakraLink>
    <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {project.name}
        </Heading>
        <Text color="fg.muted">{formatLocation(project.location)}</Text>
      </Stack>
      {onEdit && (
        <Button variant="outline" onClick={onEdit}>
          {PROPERTIES_TEXT.editProperty}
        </Button>
      )}
    </Flex>
  </Stack>
));
ProjectHeader.displayName = 'ProjectHeader';
