import { Suspense } from 'react';
import { InlineSpinner } from '@/components/feedback/inline-spinner';
import { useProjects } from '@/features/projects/api/get-projects';
import { lazyNamed } from '@/lib/lazy';

// The charts (Recharts and Chakra's charts package) are a chunk of their own, fetched when the tab opens.
const InsightsPanel = lazyNamed(() => import('@/features/insights/components/insights-panel'), 'InsightsPanel');

/** The Insights tab of the admin dashboard (issue #28 item 7); the projects feed its project filter. */
export const InsightsTab = () => {
  const { projects } = useProjects();
  return (
    <Suspense fallback={<InlineSpinner label="Loading insights..." />}>
      <InsightsPanel projects={projects} />
    </Suspense>
  );
};
