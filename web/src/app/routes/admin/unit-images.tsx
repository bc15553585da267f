import { Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useParams } from 'react-router-dom';
import { DetailLayout } from '@/components/layouts/detail-layout';
import { paths } from '@/config/paths';
import { UnitImagesScreen } from '@/features/unit-images/components/unit-images-screen';
import { IMAGES_TEXT } from '@/features/unit-images/utils/messages';
import { useProject } from '@/features/projects/api/get-project';
import { ProjectLoadError } from '@/features/projects/components/project-load-error';
import { SignedInHeader } from '../shared/signed-in-header';

/** /admin/projects/:projectId/unit-images (spec §2 Project unit-images screen). */
export const AdminUnitImagesRoute = () => {
  const { projectId = '' } = useParams();
  const { project, error, isLoading } = useProject(projectId);

  let content;
  if (error) content = <ProjectLoadError error={error} dashboardHref={paths.adminDashboard} />;
  else if (isLoading || !project) {
    content = (
      <Text color="fg.muted" role="status" py="16" textAlign="center">
        {IMAGES_TEXT.loading}
      </Text>
    );
  } else {
    content = (
      <Stack gap="6">
        <ChakraLink asChild color="brand.fg" alignSelf="flex-start">
          <Link to={paths.adminProject(project.id)}>← {IMAGES_TEXT.backToProject}</Link>
        </ChakraLink>
        <Heading as="h1" size="2xl">
          {IMAGES_TEXT.title(project.name)}
        </Heading>
        <UnitImagesScreen projectId={project.id} />
      </Stack>
    );
  }
  return <DetailLayout header={<SignedInHeader userType="admin" titleIsPageHeading={false} />}>{content}</DetailLayout>;
};
