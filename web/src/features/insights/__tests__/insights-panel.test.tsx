import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { InsightsData } from '@repo/types';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { apiError, mockApi, ok, type ApiRequest, type RouteHandler } from '@/test/mock-api';
import { InsightsPanel } from '../components/insights-panel';

const DATA: InsightsData = {
  filters: { projectId: null, region: null },
  weeks: ['2026-11-16', '2026-11-23'],
  projects: [
    {
      projectId: 1,
      name: 'Marina Heights',
      regions: ['dubai'],
      total: 3,
      statusCounts: { available: 1, sold: 1, reserved: 0, unavailable: 1, occupied: 0 },
      sellThrough: 33.3,
    },
  ],
  weekly: [
    { week: '2026-11-16', region: 'dubai', sold: 0, reserved: 0 },
    { week: '2026-11-23', region: 'dubai', sold: 1, reserved: 0 },
  ],
  pricePerSqft: [{ region: 'dubai', unitType: 'Studio', currency: 'AED', units: 1, pricePerSqft: 1777.78 }],
};
const PROJECTS = [
  { id: 1, name: 'Marina Heights' },
  { id: 2, name: 'Pearl Bay Residences' },
];

const renderPanel = (handler: RouteHandler) => {
  const api = mockApi({ 'GET /insights': handler });
  render(
    <AppProvider>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <InsightsPanel projects={PROJECTS} />
      </SWRConfig>
    </AppProvider>,
  );
  return api;
};

describe('InsightsPanel', () => {
  it('backs each chart with a table of its numbers, visually hidden until Show table', async () => {
    renderPanel(ok({ data: DATA }));
    const table = await screen.findByRole('table', { name: 'Sell-through by project' });
    expect(within(table).getByRole('rowheader', { name: 'Marina Heights' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '33.3%' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Average price per sqft' })).getByRole('cell', { name: '1,777.78' })).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Sell-through by project' });
    const toggle = within(region).getByRole('button', { name: 'Show table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(within(region).getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(region).getByTestId('insights-chart').hidden).toBe(true);
    expect(screen.getAllByRole('button', { name: /^Download CSV/ })).toHaveLength(4);
  });

  it('asks the server again with the filters chosen', async () => {
    const api = renderPanel((request: ApiRequest) => ok({ data: request.query.includes('region=doha') ? { ...DATA, projects: [] } : DATA }));
    await screen.findByRole('table', { name: 'Sell-through by project' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Region' }), { target: { value: 'doha' } });
    expect(await screen.findByText('No projects match these filters.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '2' } });
    await waitFor(() => expect(api.calls('GET /insights').at(-1)?.query).toBe('?projectId=2&region=doha'));
    expect(api.calls('GET /insights')[0].query).toBe('');
  });

  it('says when nothing was sold in the twelve weeks', async () => {
    renderPanel(ok({ data: { ...DATA, weekly: DATA.weekly.map((row) => ({ ...row, sold: 0 })) } }));
    expect(await screen.findByText('No sales or reservations in the last 12 weeks.')).toBeTruthy();
  });

  it('shows a failure with the way to try again', async () => {
    let fail = true;
    renderPanel(() => (fail ? apiError(500, 'Database unavailable') : ok({ data: DATA })));
    expect(await screen.findByText('Failed to load insights')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Sell-through by project' })).toBeTruthy();
  });
});
