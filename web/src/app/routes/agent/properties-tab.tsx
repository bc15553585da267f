import { useSession } from '@/features/auth/hooks/use-session';
import { AgentProperties } from '@/features/projects/components/agent-properties';

export const AgentPropertiesTab = () => {
  const { agentType } = useSession();
  if (!agentType) return null;
  return <AgentProperties agentType={agentType} />;
};
