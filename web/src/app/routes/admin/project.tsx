import { ProjectDetail } from '../shared/project-detail';

/** /admin/projects/:projectId */
export const AdminProjectRoute = () => <ProjectDetail mode="admin" />;
