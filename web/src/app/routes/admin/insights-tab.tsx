import { HStack, Spinner, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useProjects } from '@/features/projects/api/get-projects';
import { lazyNamed } from '@/lib/lazy';

// The charts (Recharts and Chakra's charts package) are a chunk of their own, fetched when the tab opens.
const InsightsPanel = lazyNamed(() => import('@/features/insights/components/insights-panel'), 'InsightsPanel');

/** The Insights tab of the admin dashboard (issue #28 item 7); the projects feed its project filter. */
export const InsightsTab = () => {
  const { projects } = useProjects();
  return (
    <Suspense
      fallback={
        <HStack gap="3" py="10" justify="center" role="status">
          <Spinner size="sm" />
          <Text color="fg.muted">Loading insights...</Text>
        </HStack>
      }
    >
      <InsightsPanel projects={projects} />
    </Suspense>
  );
};
