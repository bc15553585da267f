import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initialSaleDetails, type SaleDetails } from '@repo/types';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { Toaster } from '@/components/ui/toaster';
import { apiError, mockApi, ok, type ApiRequest, type MockResponse } from '@/test/mock-api';
import type { SoldUnit } from '../api/get-sold-units';
import { SoldUnitsManager } from '../components/sold-units-manager';

const unit = (id: number, overrides: Partial<SoldUnit> = {}, details: Partial<SaleDetails> = {}): SoldUnit => ({
  id,
  unitNumber: `${id}01`,
  name: null,
  projectId: id < 3 ? 1 : 2,
  projectName: id < 3 ? 'Marina Heights' : 'Pearl Bay Residences',
  price: 1_000_000,
  status: 'sold',
  archived: false,
  overdue: false,
  updatedAt: '2026-11-01T10:00:00.000Z',
  revision: 4,
  saleDetails: { ...initialSaleDetails(1_000_000), ...details },
  ...overrides,
});

const UNITS = [unit(1), unit(2, { overdue: true }, { handoverStatus: 'delayed' }), unit(3)];

const PROJECTS = [
  { id: 1, name: 'Marina Heights', visibleTo: ['dubai'] },
  { id: 2, name: 'Pearl Bay Residences', visibleTo: ['doha'] },
];

const renderManager = (routes: Parameters<typeof mockApi>[0] = {}) => {
  const api = mockApi({
    'GET /sold-units': (request: ApiRequest) => ok({ data: request.query.includes('archived=true') ? [unit(9, { archived: true })] : UNITS }),
    ...routes,
  });
  render(
    <AppProvider>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter>
          <SoldUnitsManager projects={PROJECTS} />
          <Toaster />
        </MemoryRouter>
      </SWRConfig>
    </AppProvider>,
  );
  return api;
};

const listed = async () => within(await screen.findByRole('listbox', { name: 'Sold units' })).getAllByRole('option');

const choose = async (unitNumber: string) => fireEvent.click(await screen.findByRole('option', { name: new RegExp(`Unit ${unitNumber}`) }));

describe('SoldUnitsManager', () => {
  it('lists the sold units and says no unit is selected until one is chosen', async () => {
    const api = renderManager();
    expect(await listed()).toHaveLength(3);
    expect(screen.getByText('No Unit Selected')).toBeTruthy();
    expect(api.calls('GET /sold-units')[0].query).toBe('?archived=false&overdue=false');
    await choose('101');
    expect(screen.getByRole('heading', { name: 'Unit 101' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View unit page' }).getAttribute('href')).toBe('/admin/units/1');
  });

  it('lists projects by name and their units in unit-number order, and shows its loading instead of No Unit Selected', async () => {
    // The server's order: by project id, then by unit-number text (10, 101, 9).
    const serverOrder = [
      unit(21, { projectId: 1, projectName: 'Marina Heights', unitNumber: '10' }),
      unit(22, { projectId: 1, projectName: 'Marina Heights', unitNumber: '101' }),
      unit(23, { projectId: 1, projectName: 'Marina Heights', unitNumber: '9' }),
      unit(24, { projectId: 2, projectName: 'Al Noor', unitNumber: 'B-2' }),
    ];
    let answer: (value: MockResponse) => void = () => undefined;
    renderManager({ 'GET /sold-units': () => new Promise<MockResponse>((resolve) => (answer = resolve)) });
    expect(await screen.findByText('Loading sold units...')).toBeTruthy();
    expect(screen.queryByText('No Unit Selected')).toBeNull();
    answer(ok({ data: serverOrder }));
    expect((await listed()).map((option) => option.querySelector('p')?.textContent)).toEqual(['Unit B-2', 'Unit 9', 'Unit 10', 'Unit 101']);
    expect(screen.getByText('No Unit Selected')).toBeTruthy();
  });

  it('marks overdue units and filters by project and sale status on the loaded list', async () => {
    renderManager();
    const list = await screen.findByRole('listbox', { name: 'Sold units' });
    expect(within(list).getAllByText('Overdue')).toHaveLength(1);
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '2' } });
    expect((await listed()).map((option) => option.textContent)).toEqual([expect.stringContaining('Unit 301')]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Project' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'delayed' } });
    expect(await listed()).toHaveLength(1);
  });

  it('asks the server for only the archived units, or only the overdue ones', async () => {
    const api = renderManager();
    await listed();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show archived' }));
    expect(await screen.findByRole('option', { name: /Unit 901/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    await waitFor(() => expect(api.calls('GET /sold-units').map((request) => request.query)).toContain('?archived=true&overdue=true'));
  });

  it('computes the remaining amount and the completed statuses as the admin types', async () => {
    renderManager();
    await choose('101');
    fireEvent.change(screen.getByLabelText('Total Amount'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Paid Amount'), { target: { value: '400.5' } });
    // A value, not an input that looks editable.
    expect(screen.getByLabelText('Remaining Amount').tagName).toBe('OUTPUT');
    expect(screen.getByLabelText('Remaining Amount').textContent).toBe('AED 599.50');
    fireEvent.change(screen.getByLabelText('Registration Date'), { target: { value: '2026-10-01' } });
    const registration = screen.getByRole('combobox', { name: 'Registration Status' }) as HTMLSelectElement;
    expect(registration.value).toBe('completed');
    expect(registration.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Paid Amount'), { target: { value: '-5' } });
    expect(screen.getByText('Paid amount must be a number of 0 or more')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save Sale Details' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves, shows the confirmation for 1.5 seconds, and keeps what the server derived', async () => {
    let version = 0;
    const api = renderManager({
      // Every reload of the list carries a new version of the unit, as after a real save.
      'GET /sold-units': () => ok({ data: UNITS.map((item) => ({ ...item, updatedAt: `2026-11-0${(version += 1) % 9}T10:00:00.000Z` })) }),
      'PUT /units/1/sale-details': (request: ApiRequest) =>
        ok({ data: { ...initialSaleDetails(1_000_000), ...(request.body as object), paymentStatus: 'completed', remainingAmount: 0 } }),
    });
    await choose('101');
    fireEvent.change(screen.getByLabelText('Paid Amount'), { target: { value: '1000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Sale Details' }));
    expect(await screen.findByText('Sale details saved successfully')).toBeTruthy();
    expect(api.calls('PUT /units/1/sale-details')[0].body).toMatchObject({ paidAmount: '1000000', totalAmount: '1000000' });
    await waitFor(() => expect(screen.queryByText('Sale details saved successfully')).toBeNull(), { timeout: 3000 });
  });

  it('says when saving fails, and puts field errors from the server on their fields', async () => {
    renderManager({ 'PUT /units/1/sale-details': apiError(500, 'boom') });
    await choose('101');
    fireEvent.click(screen.getByRole('button', { name: 'Save Sale Details' }));
    expect(await screen.findByText('Failed to save sale details. Please try again.')).toBeTruthy();
  });

  it('says the save was refused when the server refuses it as a whole', async () => {
    renderManager({ 'PUT /units/1/sale-details': apiError(400, 'Sale details can be saved only for sold units') });
    await choose('101');
    fireEvent.click(screen.getByRole('button', { name: 'Save Sale Details' }));
    expect(await screen.findByText('Failed to save. Please try again.')).toBeTruthy();
  });

  it('archives the selected unit and confirms it', async () => {
    const api = renderManager({ 'PUT /units/1/archive': ok({ data: { id: 1, archived: true, changed: true } }) });
    await choose('101');
    fireEvent.click(screen.getByRole('button', { name: 'Archive Unit' }));
    expect(await screen.findByText('Unit archived successfully')).toBeTruthy();
    expect(api.calls('PUT /units/1/archive')[0].body).toEqual({ archived: true });
  });

  it('shows the load error in place of the list', async () => {
    renderManager({ 'GET /sold-units': apiError(500, 'down') });
    expect(await screen.findByText('Failed to load sold units. Please try again.')).toBeTruthy();
  });

  it('renders a window of thousands of sold units, each option knowing its place in the whole list', async () => {
    const many = Array.from({ length: 3000 }, (_, index) =>
      unit(1000 + index, { projectId: 1, projectName: 'Marina Heights', unitNumber: String(1000 + index) }),
    );
    renderManager({ 'GET /sold-units': () => ok({ data: many }) });
    const options = await listed();
    // The 600px list shows some six units; the DOM holds those and a few either side, not 3,000.
    expect(options.length).toBeGreaterThan(3);
    expect(options.length).toBeLessThan(30);
    expect(options.map((option) => option.getAttribute('aria-setsize'))).toEqual(options.map(() => '3000'));
    expect(options[0].getAttribute('aria-posinset')).toBe('1');
    expect(options[0].textContent).toContain('Unit 1000');
  });

  it('holds every unit of a list of a few hundred in its DOM', async () => {
    const some = Array.from({ length: 200 }, (_, index) =>
      unit(1000 + index, { projectId: 1, projectName: 'Marina Heights', unitNumber: String(1000 + index) }),
    );
    renderManager({ 'GET /sold-units': () => ok({ data: some }) });
    const options = await listed();
    expect(options).toHaveLength(200);
    expect(options[199].getAttribute('aria-posinset')).toBe('200');
  });

  it.each([120, 500])('is one tab stop, and the arrow keys, Home and End move through every unit (%i units)', async (count) => {
    const many = Array.from({ length: count }, (_, index) =>
      unit(1000 + index, { projectId: 1, projectName: 'Marina Heights', unitNumber: String(1000 + index) }),
    );
    renderManager({ 'GET /sold-units': () => ok({ data: many }) });
    const options = await listed();
    expect(options.filter((option) => option.tabIndex === 0)).toEqual([options[0]]);
    const list = screen.getByRole('listbox', { name: 'Sold units' });
    const focused = () => document.activeElement as HTMLElement;

    options[0].focus();
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    await waitFor(() => expect(focused().textContent).toContain('Unit 1001'));
    fireEvent.keyDown(list, { key: 'End' });
    await waitFor(() => expect(focused().getAttribute('aria-posinset')).toBe(String(count)));
    expect(focused().textContent).toContain(`Unit ${1000 + count - 1}`);
    // A list of hundreds holds only a window of them; the first unit has left it.
    if (count > 200) expect(within(list).queryByRole('option', { name: /Unit 1000/ })).toBeNull();
    fireEvent.keyDown(list, { key: 'ArrowUp' });
    await waitFor(() => expect(focused().textContent).toContain(`Unit ${1000 + count - 2}`));
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(await screen.findByRole('heading', { name: `Unit ${1000 + count - 2}` })).toBeTruthy();
    expect(focused().getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'Home' });
    await waitFor(() => expect(focused().textContent).toContain('Unit 1000'));
    fireEvent.keyDown(list, { key: 'PageDown' });
    await waitFor(() => expect(Number(focused().getAttribute('aria-posinset'))).toBeGreaterThan(2));
    fireEvent.keyDown(list, { key: ' ' });
    expect(await screen.findByRole('heading', { name: `Unit ${focused().textContent?.match(/Unit (\d+)/)?.[1]}` })).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('option')
        .filter((option) => option.tabIndex === 0),
    ).toHaveLength(1);
    // Another filter (every unit here is pending, so the same units): the tab stop is the first unit again.
    expect(within(list).getAllByRole('option')[0].tabIndex).toBe(-1);
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'pending' } });
    await waitFor(() => expect(within(list).getAllByRole('option')[0].tabIndex).toBe(0));
  });
});
