import type { DemoProject } from './demo-data';

export interface DemoPlacement {
  unitNumber: string;
  floor: string;
}

/**
 * Where demo unit `index` of a project sits, so the stacking plan shows a real building: a tower's
 * units are numbered {floor}{stack}, as '1203' is stack 03 on floor 12, with as many stacks a floor
 * as the project's units and floors ask (Gulf Horizon Tower: 20 floors of 4); villas are plots
 * 'V-01', 'V-02', ... at ground level ('G', no numeric floor), which the plan lays out as a plot grid.
 */
export const demoPlacement = (project: Pick<DemoProject, 'projectType' | 'unitCount' | 'floors'>, index: number): DemoPlacement => {
  if (project.projectType === 'villa') return { unitNumber: `V-${String(index + 1).padStart(2, '0')}`, floor: 'G' };
  const stacks = Math.max(1, Math.ceil(project.unitCount / project.floors));
  const floor = Math.floor(index / stacks) + 1;
  return { unitNumber: `${floor}${String((index % stacks) + 1).padStart(2, '0')}`, floor: String(floor) };
};
