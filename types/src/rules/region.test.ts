import { describe, expect, it } from 'vitest';
import { defaultProjectAccess, groupProjectsByRegion, projectRegions, projectsVisibleToAgent } from './region';

const marina = { id: 1, name: 'Marina Tower', location: 'Dubai Marina', visibleTo: ['dubai'] };
const pearl = { id: 2, name: 'Pearl Villas', location: 'The Pearl, Doha', visibleTo: ['doha'] };
const both = { id: 3, name: 'Twin Heights', location: 'Business Bay', visibleTo: ['dubai', 'doha'] };
const hidden = { id: 4, name: 'Lusail Plaza', location: 'Lusail, DOHA', visibleTo: [] as string[] };
const elsewhere = { id: 5, name: 'Muscat Bay', location: 'Muscat', visibleTo: [] as string[] };
const blank = { id: 6, name: 'Nameless', location: null, visibleTo: null };
const projects = [marina, pearl, both, hidden, elsewhere, blank];

describe('projectRegions', () => {
  it('finds the region in the location text, ignoring case', () => {
    expect(projectRegions({ location: 'DUBAI Hills' })).toEqual({ dubai: true, doha: false });
    expect(projectRegions({ location: 'west bay, doha' })).toEqual({ dubai: false, doha: true });
  });

  it('finds the region in visibleTo when the location does not name it', () => {
    expect(projectRegions({ location: 'Business Bay', visibleTo: ['doha'] })).toEqual({ dubai: false, doha: true });
  });

  it('reads visibleTo entries loosely (case and spaces)', () => {
    expect(projectRegions({ location: '', visibleTo: [' Dubai '] })).toEqual({ dubai: true, doha: false });
  });

  it('puts a project in both regions when both apply', () => {
    expect(projectRegions({ location: 'Dubai', visibleTo: ['doha'] })).toEqual({ dubai: true, doha: true });
  });

  it('handles missing location and visibility', () => {
    expect(projectRegions({})).toEqual({ dubai: false, doha: false });
    expect(projectRegions({ location: null, visibleTo: null })).toEqual({ dubai: false, doha: false });
  });
});

describe('groupProjectsByRegion', () => {
  it('groups projects into dubai, doha and other, with shared projects in both', () => {
    const groups = groupProjectsByRegion(projects);
    expect(groups.dubai.map((p) => p.id)).toEqual([1, 3]);
    expect(groups.doha.map((p) => p.id)).toEqual([2, 3, 4]);
    expect(groups.other.map((p) => p.id)).toEqual([5, 6]);
  });

  it('returns empty groups for no projects', () => {
    expect(groupProjectsByRegion([])).toEqual({ dubai: [], doha: [], other: [] });
  });

  it('places every project in other or in at least one region, never both', () => {
    const groups = groupProjectsByRegion(projects);
    for (const project of projects) {
      const inRegion = groups.dubai.includes(project) || groups.doha.includes(project);
      expect(inRegion).toBe(!groups.other.includes(project));
    }
  });
});

describe('projectsVisibleToAgent', () => {
  it('shows super agents every project', () => {
    expect(projectsVisibleToAgent(projects, 'super').map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows dubai agents only projects visible to dubai, not those merely located there', () => {
    const located = { id: 7, location: 'Dubai Creek', visibleTo: [] as string[] };
    expect(projectsVisibleToAgent([...projects, located], 'dubai').map((p) => p.id)).toEqual([1, 3]);
  });

  it('shows doha agents only projects visible to doha', () => {
    expect(projectsVisibleToAgent(projects, 'doha').map((p) => p.id)).toEqual([2, 3]);
  });

  it('narrows to the assigned projects when visibleProjects is not empty', () => {
    expect(projectsVisibleToAgent(projects, 'dubai', [3, 2]).map((p) => p.id)).toEqual([3]);
    expect(projectsVisibleToAgent(projects, 'super', [5]).map((p) => p.id)).toEqual([5]);
  });

  it('compares project ids as text, since unit.projectId is stored as text', () => {
    expect(projectsVisibleToAgent(projects, 'doha', ['2']).map((p) => p.id)).toEqual([2]);
  });

  it('applies the region default when visibleProjects is absent, and nothing when it is an empty list', () => {
    expect(projectsVisibleToAgent(projects, 'doha', null).map((p) => p.id)).toEqual([2, 3]);
    expect(projectsVisibleToAgent(projects, 'doha').map((p) => p.id)).toEqual([2, 3]);
    expect(projectsVisibleToAgent(projects, 'doha', []).map((p) => p.id)).toEqual([]);
    expect(projectsVisibleToAgent(projects, 'super', []).map((p) => p.id)).toEqual([]);
  });

  it('does not modify the input list', () => {
    const list = [...projects];
    projectsVisibleToAgent(list, 'super').pop();
    expect(list).toHaveLength(projects.length);
  });
});

describe('defaultProjectAccess', () => {
  it('gives dubai agents the Dubai projects by location or visibility', () => {
    expect(defaultProjectAccess(projects, 'dubai')).toEqual([1, 3]);
  });

  it('gives doha agents the Doha projects by location or visibility', () => {
    expect(defaultProjectAccess(projects, 'doha')).toEqual([2, 3, 4]);
  });

  it('gives super agents and admins every project', () => {
    expect(defaultProjectAccess(projects, 'super')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(defaultProjectAccess(projects, 'admin')).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('returns nothing when there are no projects', () => {
    expect(defaultProjectAccess([], 'dubai')).toEqual([]);
  });
});
