import { describe, expect, it } from 'vitest';
import { deriveAgentType, isAgentType, isMarket, MISSING_AGENT_TYPE_MESSAGE } from './agent-type';

describe('deriveAgentType', () => {
  it('uses the profile agentType first, whatever the role', () => {
    expect(deriveAgentType({ role: 'agent', agentType: 'doha', region: 'dubai' })).toBe('doha');
    expect(deriveAgentType({ role: 'agent', agentType: 'super' })).toBe('super');
    expect(deriveAgentType({ role: 'admin', agentType: 'doha' })).toBe('doha');
  });

  it('falls back to the region for agents', () => {
    expect(deriveAgentType({ role: 'agent', agentType: null, region: 'doha' })).toBe('doha');
  });

  it('defaults agents with neither agentType nor region to dubai', () => {
    expect(deriveAgentType({ role: 'agent' })).toBe('dubai');
    expect(deriveAgentType({ role: 'agent', agentType: '', region: '' })).toBe('dubai');
  });

  it('treats an unknown agentType or region as absent', () => {
    expect(deriveAgentType({ role: 'agent', agentType: 'riyadh', region: 'doha' })).toBe('doha');
    expect(deriveAgentType({ role: 'agent', region: 'riyadh' })).toBe('dubai');
  });

  it('tolerates case and spaces in stored values', () => {
    expect(deriveAgentType({ role: ' Agent ', agentType: ' DOHA ' })).toBe('doha');
    expect(deriveAgentType({ role: 'AGENT', region: 'Doha' })).toBe('doha');
  });

  it('gives admins without an agentType the super type', () => {
    expect(deriveAgentType({ role: 'admin' })).toBe('super');
    expect(deriveAgentType({ role: 'admin', region: 'doha' })).toBe('super');
  });

  it('returns null when nothing can be derived', () => {
    expect(deriveAgentType({})).toBeNull();
    expect(deriveAgentType({ role: 'guest', region: 'doha' })).toBeNull();
    expect(deriveAgentType(null)).toBeNull();
    expect(deriveAgentType(undefined)).toBeNull();
  });

  it('exports the spec message for a missing agent type', () => {
    expect(MISSING_AGENT_TYPE_MESSAGE).toBe('Authentication error: agent type is missing. Please check user profile data.');
  });
});

describe('isAgentType and isMarket', () => {
  it('accepts only the known values', () => {
    expect(['dubai', 'doha', 'super', 'admin', '', null].map(isAgentType)).toEqual([true, true, true, false, false, false]);
    expect(['dubai', 'doha', 'super', 42].map(isMarket)).toEqual([true, true, false, false]);
  });
});
