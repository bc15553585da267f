import { ErrorPanel } from '@/components/feedback/error-panel';
import { ApiError } from '@/lib/api/api-error';
import { PROPERTIES_TEXT } from '../utils/messages';

export interface ProjectLoadErrorProps {
  error: unknown;
  dashboardHref: string;
}

/** 'Project Not Found' for a missing (or hidden) project; 'Could not load project data' for anything else. */
export const ProjectLoadError = ({ error, dashboardHref }: ProjectLoadErrorProps) =>
  error instanceof ApiError && error.status === 404 ? (
    <ErrorPanel
      title={PROPERTIES_TEXT.notFoundTitle}
      message={PROPERTIES_TEXT.notFoundText}
      actionLabel={PROPERTIES_TEXT.returnToDashboard}
      actionHref={dashboardHref}
    />
  ) : (
    <ErrorPanel message={PROPERTIES_TEXT.loadProjectFailed} actionLabel={PROPERTIES_TEXT.returnToDashboard} actionHref={dashboardHref} />
  );
