import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { apiError, makeAgent, makeProfile, mockApi, ok, pending, type ApiRequest, type MockResponse } from '@/test/mock-api';
import type { UnitListItem } from '../api/types';
import { manyUnits, PROJECT } from './fixtures';

const ETAG = 'W/"u-1"';

/** GET /projects/11/units with its ETag, answering 304 to a request that holds the current copy. */
const unitsRoute =
  (units: UnitListItem[]) =>
  (request: ApiRequest): MockResponse =>
    request.headers['If-None-Match'] === ETAG
      ? { status: 304 }
      : { status: 200, body: { data: units, meta: { total: units.length } }, headers: { ETag: ETAG } };

const open = async (path = '/admin/projects/11', units = manyUnits(5000), routes = {}, profile = makeProfile()) => {
  const api = mockApi({
    'GET /portal-auth/me': ok(profile),
    'GET /projects/11': ok({ data: PROJECT }),
    'GET /projects/11/units': unitsRoute(units),
    ...routes,
  });
  const view = renderApp(path);
  await screen.findByRole('heading', { name: `Units (${units.length})` });
  return { api, ...view };
};

const table = () => screen.getByRole('table');
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('project detail', () => {
  it("shows 'Loading project details...' while the project loads", async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeProfile()), 'GET /projects/11': () => pending(), 'GET /projects/11/units': () => pending() });
    renderApp('/admin/projects/11');
    expect(await screen.findByText('Loading project details...')).toBeTruthy();
  });

  it("shows 'Project Not Found' with the way back for a project that does not exist", async () => {
    mockApi({
      'GET /portal-auth/me': ok(makeProfile()),
      'GET /projects/99': apiError(404, 'Project not found'),
      'GET /projects/99/units': apiError(404, 'Project not found'),
    });
    renderApp('/admin/projects/99');
    expect(await screen.findByRole('heading', { name: 'Project Not Found' })).toBeTruthy();
    expect(screen.getByText('The project you are looking for could not be found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
  });

  it('shows the information, the admin tools and only a window of the 5,000 rows, in unit-number order', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Marina Heights' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/admin/dashboard');
    const info = screen.getByRole('region', { name: 'Property Information' });
    expect(within(info).getByText('Dubai Marina, Dubai')).toBeTruthy();
    expect(within(info).getByText('Total Project Units')).toBeTruthy();
    expect(within(info).getByTestId('total-project-units').textContent).toBe('5000');
    expect(within(info).getByText('Current Displayed Units')).toBeTruthy();
    expect(within(info).getByText('Dubai')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Property' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add New Unit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'About unit visibility' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Image Management' }).getAttribute('href')).toBe('/admin/projects/11/unit-images');
    expect(screen.getByRole('button', { name: 'Import/Export' })).toBeTruthy();
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/[▲▼]/g, '').trim());
    expect(headers).toEqual(['', 'Unit Number', 'Type', 'Floor', 'View', 'Area (sqft)', 'Price', 'Status', 'Actions']);
    expect(table().getAttribute('aria-rowcount')).toBe('5001');
    expect(bodyRows().length).toBeLessThan(40);
    expect(firstCells().slice(0, 3)).toEqual(['101', '102', '103']);
    expect(within(bodyRows()[0]).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/admin/units/1');
  });

  it('sorts by a header click, toggling the direction', async () => {
    await open();
    const header = (name: string) => within(table()).getByRole('button', { name: new RegExp(`^${name}`) });
    fireEvent.click(header('Unit Number'));
    await waitFor(() => expect(firstCells()[0]).toBe('50100'));
    fireEvent.click(header('Price'));
    await waitFor(() => expect(within(bodyRows()[0]).getAllByRole('cell')[6].textContent).toBe('AED 500,000'));
    fireEvent.click(header('Price'));
    await waitFor(() => expect(within(bodyRows()[0]).getAllByRole('cell')[6].textContent).toBe('AED 1,499,000'));
  });

  it("searches, filters by status and price, resets, and says 'No units found matching your criteria.'", async () => {
    await open();
    fireEvent.change(screen.getByPlaceholderText('Search units...'), { target: { value: 'Penthouse' } });
    await waitFor(() => expect(screen.getByTestId('displayed-units').textContent).toBe('1250'));
    fireEvent.click(within(screen.getByRole('search', { name: 'Unit filters' })).getByRole('button', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Sold' }));
    await waitFor(() => expect(screen.getByTestId('displayed-units').textContent).toBe('250'));
    expect(bodyRows().every((row) => within(row).getByText('sold'))).toBe(true);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Max Price' }), { target: { value: '1' } });
    expect(await screen.findByText('No units found matching your criteria.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await waitFor(() => expect(screen.getByTestId('displayed-units').textContent).toBe('5000'));
  });

  it('asks before changing the status of the selected units, sends one request, confirms and revalidates by ETag', async () => {
    const { api } = await open('/admin/projects/11', manyUnits(5000), {
      'POST /units/bulk-status': ok({ data: { status: 'sold', updated: 2, unchanged: 0 } }),
    });
    fireEvent.click(within(bodyRows()[0]).getByRole('checkbox'));
    fireEvent.click(within(bodyRows()[1]).getByRole('checkbox'));
    const bar = await screen.findByRole('region', { name: '2 units selected' });
    fireEvent.change(within(bar).getByRole('combobox', { name: 'New status' }), { target: { value: 'sold' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Change Status' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Change Status' });
    expect(within(confirm).getByText('Are you sure you want to change the status of 2 units to sold?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Change Status' }));
    expect(await screen.findByText('Status changed to sold for 2 units')).toBeTruthy();
    expect(api.calls('POST /units/bulk-status')[0].body).toEqual({ ids: [1, 2], status: 'sold' });
    await waitFor(() => expect(api.calls('GET /projects/11/units').at(-1)?.headers['If-None-Match']).toBe(ETAG));
    await waitFor(() => expect(screen.queryByRole('region', { name: /units selected/ })).toBeNull());
  });

  it("heads the table 'Units (shown of total)' while searching, and says '1 unit selected' for one", async () => {
    await open('/admin/projects/11', manyUnits(80));
    fireEvent.change(screen.getByPlaceholderText('Search units...'), { target: { value: 'Penthouse' } });
    expect(await screen.findByRole('heading', { name: 'Units (20 of 80)' })).toBeTruthy();
    fireEvent.click(within(bodyRows()[0]).getByRole('checkbox'));
    expect(await screen.findByRole('region', { name: '1 unit selected' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(await screen.findByRole('heading', { name: 'Units (80)' })).toBeTruthy();
  });

  it('asks before deleting the selected units, and clears the selection on Clear Selection', async () => {
    const { api } = await open('/admin/projects/11', manyUnits(50), { 'POST /units/bulk-delete': ok({ data: { deleted: 50 } }) });
    fireEvent.click(within(table()).getByRole('checkbox', { name: 'Select all shown units' }));
    const bar = await screen.findByRole('region', { name: '50 units selected' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete Selected Units' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Selected Units' });
    expect(within(confirm).getByText('Are you sure you want to delete 50 units? This action cannot be undone.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST /units/bulk-delete')).toHaveLength(0);
    fireEvent.click(await within(bar).findByRole('button', { name: 'Clear Selection' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /units selected/ })).toBeNull());
    fireEvent.click(within(table()).getByRole('checkbox', { name: 'Select all shown units' }));
    fireEvent.click(within(await screen.findByRole('region', { name: '50 units selected' })).getByRole('button', { name: 'Delete Selected Units' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Delete Selected Units' })).getByRole('button', { name: 'Delete Selected Units' }));
    await waitFor(() => expect(api.calls('POST /units/bulk-delete')).toHaveLength(1));
    expect((api.calls('POST /units/bulk-delete')[0].body as { ids: number[] }).ids).toHaveLength(50);
  });

  it('shows agents the read-only page: no select column, no admin tools, Available Units', async () => {
    await open('/agent/projects/11', manyUnits(30), {}, makeAgent());
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/agent/dashboard');
    const info = screen.getByRole('region', { name: 'Property Information' });
    expect(within(info).getByText('Available Units')).toBeTruthy();
    expect(within(info).queryByText('Total Project Units')).toBeNull();
    for (const name of ['Edit Property', 'Add New Unit', 'About unit visibility', 'Import/Export']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Image Management' })).toBeNull();
    expect(within(table()).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(bodyRows()[0]).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/agent/units/1');
  });
});
