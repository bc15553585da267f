import { render, screen, within } from '@testing-library/react';
import { initialSaleDetails, renderImportSummaryEmail, renderNotificationEmail, toCsvUnitRow } from '@repo/types';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../provider';
import { exportCsvText } from '@/features/csv/utils/export-file';
import type { SoldUnit } from '@/features/sold-units/api/get-sold-units';
import { SoldUnitsManager } from '@/features/sold-units/components/sold-units-manager';
import { UnitInfo } from '@/features/units/components/unit-info';
import { UnitTableRow } from '@/features/units/components/unit-table-row';
import { makeDetail, makeUnit } from '@/features/units/__tests__/fixtures';
import { mockApi, ok } from '@/test/mock-api';
import { SWRConfig } from 'swr';

// 'Lusail Gate' as the demo has it: visible to Doha only, so every price of it reads QAR (spec §9).
const LUSAIL = { id: 4, name: 'Lusail Gate', location: 'Lusail, Doha', description: null, visibleTo: ['doha' as const] };
const PRICE = 1_295_000;
const SHOWN = 'QAR 1,295,000';

const soldUnit: SoldUnit = {
  id: 40,
  unitNumber: '1204',
  name: null,
  projectId: LUSAIL.id,
  projectName: LUSAIL.name,
  revision: 1,
  price: PRICE,
  status: 'sold',
  archived: false,
  overdue: false,
  updatedAt: '2026-11-01T10:00:00.000Z',
  saleDetails: { ...initialSaleDetails(PRICE), paidAmount: 295_000, remainingAmount: 1_000_000 },
};

const wrap = (children: React.ReactNode) =>
  render(
    <AppProvider>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter>{children}</MemoryRouter>
      </SWRConfig>
    </AppProvider>,
  );

describe('prices of a project visible to Doha', () => {
  it('read QAR on every screen, e-mail and export, because each goes through the one currency rule', async () => {
    // Sold units manager: the list, the panel and the remaining amount.
    mockApi({ 'GET /sold-units': ok({ data: [soldUnit] }) });
    const manager = wrap(<SoldUnitsManager projects={[LUSAIL]} />);
    const option = await screen.findByRole('option', { name: /Unit 1204/ });
    expect(option.textContent).toContain(`Lusail Gate · ${SHOWN}`);
    option.click();
    const panel = await screen.findByRole('heading', { name: 'Unit 1204' });
    expect(within(panel.parentElement as HTMLElement).getByText(`Lusail Gate · ${SHOWN}`)).toBeTruthy();
    expect((await screen.findByLabelText('Remaining Amount')).textContent).toBe('QAR 1,000,000');
    manager.unmount();

    // The project's units table.
    const table = wrap(
      <table>
        <tbody>
          <UnitTableRow
            unit={makeUnit({ price: PRICE })}
            rowIndex={1}
            height={40}
            href="/admin/units/1"
            visibleTo={LUSAIL.visibleTo}
            selectable={false}
            selected={false}
            onToggle={() => {}}
          />
        </tbody>
      </table>,
    );
    expect(screen.getByRole('cell', { name: SHOWN })).toBeTruthy();
    table.unmount();

    // The unit page: the project's regions decide, even when the unit's own copy is stale.
    const page = wrap(
      <UnitInfo
        unit={makeDetail({ price: PRICE, visibleTo: ['dubai'], project: { id: 4, name: LUSAIL.name, location: LUSAIL.location, visibleTo: ['doha'] } })}
      />,
    );
    expect(screen.getByText(SHOWN)).toBeTruthy();
    page.unmount();

    // The e-mails: the notification (its in-app preview is the server's rendering of the same
    // message) and the import summary.
    const unit = { id: 40, unitNumber: '1204', price: PRICE };
    expect(renderNotificationEmail({ email: 'doha.agent@demo.test' }, LUSAIL, [unit]).text).toContain(`Price: ${SHOWN}`);
    expect(renderImportSummaryEmail(LUSAIL, [unit]).text).toContain(`1204: ${SHOWN}`);

    // The CSV export carries the bare number, with no currency at all: it has exactly the import's
    // columns, so an export imports back into the same prices; no route adds an AED to it.
    const csv = exportCsvText([toCsvUnitRow({ unitNumber: '1204', unitType: 'Studio', floor: '12', price: PRICE, area: 500 })]);
    expect(csv.split('\r\n')[1]).toContain(`,${PRICE},`);
    expect(csv).not.toMatch(/AED|QAR/);
  });
});
