import { stackingPlan } from '@repo/types';
import { describe, expect, it } from 'vitest';
import { DEMO_PROJECTS, demoUnits } from '../src/bootstrap/demo-data';

const planOf = (name: string) => {
  const index = DEMO_PROJECTS.findIndex((project) => project.name === name);
  const units = demoUnits(DEMO_PROJECTS[index], index).map((unit, id) => ({ id, unitNumber: unit.unitNumber, floor: unit.floor }));
  return stackingPlan(units);
};

describe('demo layout (the stacking plan the demo shows)', () => {
  it('makes Gulf Horizon Tower a 20-floor tower of 4 stacks, every position filled', () => {
    const [tower, ...rest] = planOf('Gulf Horizon Tower');
    expect(rest).toEqual([]);
    expect(tower.kind).toBe('tower');
    expect(tower.rows.map((row) => row.label)).toEqual(Array.from({ length: 20 }, (_, index) => String(20 - index)));
    expect(tower.columns.map((column) => column.label)).toEqual(['01', '02', '03', '04']);
    expect(tower.cells).toHaveLength(80);
  });

  it('numbers tower units {floor}{stack}: 1203 is stack 03 on floor 12', () => {
    const index = DEMO_PROJECTS.findIndex((project) => project.name === 'Gulf Horizon Tower');
    expect(demoUnits(DEMO_PROJECTS[index], index).find((unit) => unit.unitNumber === '1203')).toMatchObject({ floor: '12' });
  });

  it('lays the villa communities out as plots ordered by unit number', () => {
    for (const name of ['Palm Crescent Villas', 'Muscat Hills Estate']) {
      const sections = planOf(name);
      expect(sections.map((section) => section.kind)).toEqual(['plots']);
      expect(sections[0].cells[0].unit.unitNumber).toBe('V-01');
    }
  });

  it('stacks every tower project with no coinciding stacks', () => {
    for (const project of DEMO_PROJECTS.filter((one) => one.projectType !== 'villa')) {
      const sections = planOf(project.name);
      expect(
        sections.map((section) => section.kind),
        project.name,
      ).toEqual(['tower']);
      expect(
        sections[0].columns.every((column) => !column.label.includes('(')),
        project.name,
      ).toBe(true);
    }
  });
});
