import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { makeProfile, mockApi, ok } from '@/test/mock-api';
import type { UnitListItem } from '../api/types';
import { manyUnits, PROJECT } from './fixtures';

const open = async (path: string, units: UnitListItem[], profile = makeProfile()) => {
  const api = mockApi({
    'GET /portal-auth/me': ok(profile),
    'GET /projects/11': ok({ data: PROJECT }),
    'GET /projects/11/units': ok({ data: units, meta: { total: units.length } }),
  });
  const view = renderApp(path);
  await screen.findByRole('heading', { name: `Units (${units.length})` });
  return { api, ...view };
};

const viewSwitch = () => screen.getByRole('group', { name: 'Units view' });

describe('the stacking plan view', () => {
  it('switches from the table to the plan on the list already held, and keeps the choice in the URL and for this user', async () => {
    const { api, router } = await open('/admin/projects/11', manyUnits(12), makeProfile({ id: 7 }));
    expect(screen.getByRole('table')).toBeTruthy();
    expect(within(viewSwitch()).getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(viewSwitch()).getByRole('button', { name: 'Stacking Plan' }));
    const grid = await screen.findByRole('grid');
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(12);
    expect(screen.queryByRole('table')).toBeNull();
    expect(router.state.location.search).toBe('?view=stack');
    expect(window.localStorage.getItem('propertyPortal.unitsView.7')).toBe('stack');
    // The plan is the table's list: nothing more was fetched.
    expect(api.calls('GET /projects/11/units')).toHaveLength(1);
    fireEvent.click(within(viewSwitch()).getByRole('button', { name: 'Table' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(window.localStorage.getItem('propertyPortal.unitsView.7')).toBe('table');
  });

  it('opens on the plan for the user who chose it on this device, and on the table for another', async () => {
    window.localStorage.setItem('propertyPortal.unitsView.7', 'stack');
    const first = await open('/admin/projects/11', manyUnits(3), makeProfile({ id: 7 }));
    expect(await screen.findByRole('grid')).toBeTruthy();
    first.unmount();
    await open('/admin/projects/11', manyUnits(3), makeProfile({ id: 8 }));
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it("names each cell 'Unit {number}' with its status, and dims what the search leaves out", async () => {
    await open('/admin/projects/11?view=stack', manyUnits(5));
    const cells = within(await screen.findByRole('grid')).getAllByRole('gridcell');
    // The status last: what the cell shows (number, type, price) is one run of its name (WCAG 2.5.3).
    expect(cells.map((cell) => `${cell.getAttribute('aria-label')?.split(',')[0]},${cell.getAttribute('aria-label')?.split(',').at(-1)}`)).toEqual([
      'Unit 101, Available',
      'Unit 102, Sold',
      'Unit 103, Reserved',
      'Unit 104, Unavailable',
      'Unit 105, Occupied',
    ]);
    fireEvent.change(screen.getByPlaceholderText('Search units...'), { target: { value: '103' } });
    await screen.findByRole('heading', { name: 'Units (1 of 5)' });
    expect(cells.filter((cell) => cell.hasAttribute('data-dim')).map((cell) => cell.dataset.unitId)).toEqual(['1', '2', '4', '5']);
    expect(within(screen.getByRole('grid')).getAllByRole('gridcell')).toHaveLength(5);
  });
});
