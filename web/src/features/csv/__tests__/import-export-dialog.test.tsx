import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CSV_TEMPLATE_HEADER } from '@repo/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { apiError, makeProfile, mockApi, ok } from '@/test/mock-api';
import { makeProject } from '@/test/fixtures';
import { ApiError } from '@/lib/api/api-error';
import { apiUpload } from '@/lib/api/api-upload';

vi.mock('@/lib/api/api-upload', () => ({ apiUpload: vi.fn() }));

const PROJECT = makeProject();
const UNIT = {
  id: 1,
  unitNumber: '101',
  name: null,
  unitType: 'Studio',
  floor: '1',
  view: null,
  area: 400,
  size: null,
  price: 500000,
  status: 'available',
  bedrooms: 0,
  bathrooms: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const downloads: Array<{ name: string; blob: Blob }> = [];
// jsdom's Blob has no text(): read it as a browser would read a downloaded file.
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

beforeEach(() => {
  downloads.length = 0;
  let blob: Blob | null = null;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((value: Blob) => ((blob = value), 'blob:test')), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob) downloads.push({ name: this.download, blob });
  });
});
afterEach(() => vi.mocked(apiUpload).mockReset());

const openDialog = async (routes = {}) => {
  const api = mockApi({
    'GET /portal-auth/me': ok(makeProfile()),
    'GET /projects/11': ok({ data: PROJECT }),
    'GET /projects/11/units': ok({ data: [UNIT] }),
    ...routes,
  });
  renderApp('/admin/projects/11');
  fireEvent.click(await screen.findByRole('button', { name: 'Import/Export' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import/Export Units' });
  return { api, dialog };
};

const choose = (dialog: HTMLElement, text: string, name = 'units.csv') =>
  fireEvent.change(within(dialog).getByTestId('csv-file-input'), { target: { files: [new File([text], name, { type: 'text/csv' })] } });

describe('Import/Export Units', () => {
  it("downloads units_template.csv with the import's columns", async () => {
    const { dialog } = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download Template' }));
    expect(downloads[0].name).toBe('units_template.csv');
    expect((await textOf(downloads[0].blob)).trim()).toBe(`\uFEFF${CSV_TEMPLATE_HEADER}`.trim());
  });

  it('previews a file with good and bad rows, flags existing unit numbers, and imports the valid rows only after confirmation', async () => {
    vi.mocked(apiUpload).mockResolvedValue({ imported: 1, failed: 2, problems: [], problemCount: 2, message: 'Imported 1 unit. Failed to import 2 units.' });
    const { dialog } = await openDialog();
    choose(dialog, [CSV_TEMPLATE_HEADER, '102,Studio,1,510000,410', '101,Studio,1,500000,400', '103,Studio,,1,1'].join('\n'));
    expect(await within(dialog).findByText('1 unit to create')).toBeTruthy();
    expect(within(dialog).getByText('2 rows have errors')).toBeTruthy();
    expect(within(dialog).getByText('1 unit number already exists in this project')).toBeTruthy();
    const errors = within(dialog).getByRole('table', { name: 'Rows with errors' });
    expect(within(errors).getByText('Unit 101 already exists in this project')).toBeTruthy();
    expect(within(errors).getByText('Already exists')).toBeTruthy();
    expect(within(dialog).getByText('1 row is missing required fields (unitNumber, unitType, floor, price, area)')).toBeTruthy();
    expect(apiUpload).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 Valid Row' }));
    expect(await screen.findByText('Imported 1 unit. Failed to import 2 units.')).toBeTruthy();
    const [path, form] = vi.mocked(apiUpload).mock.calls[0];
    expect(path).toBe('/projects/11/units/import');
    expect((form.get('file') as File).name).toBe('units.csv');
    expect(form.get('skipInvalid')).toBe('true');
    expect(form.get('notifyAgents')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import/Export Units' })).toBeNull());
  });

  it("refuses a file the server would refuse before sending anything, and shows the server's refusal", async () => {
    vi.mocked(apiUpload).mockRejectedValue(
      new ApiError({ status: 409, message: 'Some of these unit numbers were added to the project meanwhile. Import the file again.', fromServer: true }),
    );
    const { dialog } = await openDialog();
    choose(dialog, 'unitNumber,unitType,floor,price,area,id\n1,Studio,1,1,1,5');
    expect(await within(dialog).findByText(/Unknown or protected column: id/)).toBeTruthy();
    choose(dialog, 'x', 'units.xlsx');
    expect(await within(dialog).findByText('The file must be a CSV file (.csv)')).toBeTruthy();
    choose(dialog, [CSV_TEMPLATE_HEADER, '104,Studio,1,1,1'].join('\n'));
    const notify = (await within(dialog).findByRole('checkbox', { name: "E-mail the project's agents one summary of the new units" })) as HTMLInputElement;
    fireEvent.click(within(dialog).getByText("E-mail the project's agents one summary of the new units"));
    await waitFor(() => expect(notify.checked).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 1 Unit' }));
    expect(await within(dialog).findByText('Some of these unit numbers were added to the project meanwhile. Import the file again.')).toBeTruthy();
    const [, form] = vi.mocked(apiUpload).mock.calls[0];
    expect(form.get('skipInvalid')).toBeNull();
    expect(form.get('notifyAgents')).toBe('true');
  });

  it('exports the units to units_{project id}_{date}.csv with formula cells neutralised', async () => {
    const rows = [
      {
        unitNumber: '101',
        unitType: 'Studio',
        floor: '1',
        price: 500000,
        area: 400,
        bedrooms: 0,
        bathrooms: 1,
        view: '=HYPERLINK("x")',
        description: 'Line, "quoted"',
        status: 'available',
        features: '@gym',
      },
    ];
    const { dialog } = await openDialog({ 'GET /projects/11/units/export': ok({ data: rows }) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export Units' }));
    expect(await screen.findByText('Units exported successfully!')).toBeTruthy();
    expect(downloads[0].name).toMatch(/^units_11_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await textOf(downloads[0].blob);
    expect(text).toContain(`'=HYPERLINK(""x"")`);
    expect(text).toContain('"Line, ""quoted"""');
    expect(text).toContain("'@gym");
  });

  it("says 'No units to export' for an empty project and 'Failed to load units for export' when the read fails", async () => {
    const { api, dialog } = await openDialog({ 'GET /projects/11/units/export': ok({ data: [] }) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export Units' }));
    expect(await screen.findByText('No units to export')).toBeTruthy();
    api.set('GET /projects/11/units/export', apiError(500, ''));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export Units' }));
    expect(await screen.findByText('Failed to load units for export')).toBeTruthy();
    expect(downloads).toHaveLength(0);
  });
});
