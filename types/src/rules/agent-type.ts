import { AGENT_TYPES, MARKETS, type AgentType, type Market } from '../domain';

/** Shown when no agent type can be derived (spec §8, Auth). */
export const MISSING_AGENT_TYPE_MESSAGE = 'Authentication error: agent type is missing. Please check user profile data.';

/** The market an agent falls back to when the profile names none (spec §3, §9). */
export const DEFAULT_AGENT_REGION: Market = 'dubai';

export interface AgentTypeSource {
  role?: string | null;
  agentType?: string | null;
  region?: string | null;
}

// Profiles written by hand or by older clients may differ in case or carry stray spaces.
function normalise(value: string | null | undefined): string {
  // Stryker disable next-line StringLiteral: any stand-in for a value that is not text is neither an agent type, a market nor a role
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

export function isAgentType(value: unknown): value is AgentType {
  return typeof value === 'string' && (AGENT_TYPES as readonly string[]).includes(value);
}

export function isMarket(value: unknown): value is Market {
  return typeof value === 'string' && (MARKETS as readonly string[]).includes(value);
}

/**
 * The agent type that decides what a user sees (spec §4): the profile's agentType; else, for an
 * agent, the region, defaulting to dubai; else, for an admin, super. Null means the profile is
 * unusable and the caller shows MISSING_AGENT_TYPE_MESSAGE.
 * An unrecognised agentType or region counts as absent rather than being trusted.
 */
export function deriveAgentType(profile: AgentTypeSource | null | undefined): AgentType | null {
  if (!profile) return null;
  const agentType = normalise(profile.agentType);
  if (isAgentType(agentType)) return agentType;
  const role = normalise(profile.role);
  if (role === 'agent') {
    const region = normalise(profile.region);
    return isMarket(region) ? region : DEFAULT_AGENT_REGION;
  }
  if (role === 'admin') return 'super';
  return null;
}
