import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initialSaleDetails, SOLD_UNIT_MESSAGES, type SaleDetails, type SoldUnit } from '@repo/types';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { apiError, mockApi, ok, type ApiRequest } from '@/test/mock-api';
import { SoldUnitsManager } from '../components/sold-units-manager';

const soldUnit = (revision: number, details: Partial<SaleDetails> = {}): SoldUnit => ({
  id: 1,
  unitNumber: '101',
  name: null,
  projectId: 1,
  projectName: 'Marina Heights',
  price: 1_000_000,
  status: 'sold',
  archived: false,
  overdue: false,
  updatedAt: '2026-11-01T10:00:00.000Z',
  revision,
  saleDetails: { ...initialSaleDetails(1_000_000), ...details },
});

const renderManager = (routes: Parameters<typeof mockApi>[0]) => {
  const api = mockApi(routes);
  render(
    <AppProvider>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter>
          <SoldUnitsManager projects={[{ id: 1, name: 'Marina Heights', visibleTo: ['dubai'] }]} />
        </MemoryRouter>
      </SWRConfig>
    </AppProvider>,
  );
  return api;
};

const choose = async () => fireEvent.click(await screen.findByRole('option', { name: /Unit 101/ }));

describe('the sale details form and the revision', () => {
  it('sends the revision it read, shows a stale save as someone else’s change, and after Reload saves from the latest version', async () => {
    // Another admin has saved a payment since this list was read: the server holds revision 5.
    let current = soldUnit(4);
    const api = renderManager({
      'GET /sold-units': () => ok({ data: [current] }),
      'PUT /units/1/sale-details': (request: ApiRequest) =>
        (request.body as { revision: number }).revision === 5
          ? ok({ data: { ...current.saleDetails, notes: 'Called the buyer', revision: 6 } })
          : apiError(409, SOLD_UNIT_MESSAGES.stale),
    });
    await choose();
    current = soldUnit(5, { paidAmount: 400, remainingAmount: 999_600, paymentStatus: 'partial' });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Called the buyer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Sale Details' }));

    expect(await screen.findByText(SOLD_UNIT_MESSAGES.stale)).toBeTruthy();
    expect(api.calls('PUT /units/1/sale-details')[0].body).toMatchObject({ revision: 4, notes: 'Called the buyer' });
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByLabelText('Paid Amount') as HTMLInputElement).value).toBe('400'), { timeout: 5000 });
    expect(screen.queryByText(SOLD_UNIT_MESSAGES.stale)).toBeNull();

    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Called the buyer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Sale Details' }));
    expect(await screen.findByText('Sale details saved successfully')).toBeTruthy();
    expect(api.calls('PUT /units/1/sale-details')[1].body).toMatchObject({ revision: 5, paidAmount: '400', notes: 'Called the buyer' });
  });

  it("shows the contract's message for an amount finer than a cent, and sends nothing", async () => {
    const api = renderManager({ 'GET /sold-units': ok({ data: [soldUnit(1)] }) });
    await choose();
    fireEvent.change(screen.getByLabelText('Paid Amount'), { target: { value: '10.005' } });
    expect(screen.getByText('Paid amount must be in steps of 0.01')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save Sale Details' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.submit(save.closest('form') as HTMLFormElement);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls('PUT /units/1/sale-details')).toHaveLength(0);
  });
});
