import { ProjectDetail } from '../shared/project-detail';

/** /agent/projects/:projectId */
export const AgentProjectRoute = () => <ProjectDetail mode="agent" />;
