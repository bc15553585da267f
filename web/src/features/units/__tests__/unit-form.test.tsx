import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { apiError, makeProfile, mockApi, ok } from '@/test/mock-api';
import { makeDetail, manyUnits, PROJECT } from './fixtures';

const openModal = async (routes = {}) => {
  const api = mockApi({
    'GET /portal-auth/me': ok(makeProfile()),
    'GET /projects/11': ok({ data: PROJECT }),
    'GET /projects/11/units': ok({ data: manyUnits(3) }),
    ...routes,
  });
  renderApp('/admin/projects/11');
  fireEvent.click(await screen.findByRole('button', { name: 'Add New Unit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add New Unit' });
  return { api, dialog };
};

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(new RegExp(`^${label}\\*?$`)) as HTMLInputElement;
const change = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const preview = (dialog: HTMLElement) => within(dialog).getByTestId('batch-preview').textContent;
const enableBatch = async (dialog: HTMLElement) => {
  fireEvent.click(within(dialog).getByText('Batch Create'));
  await within(dialog).findByLabelText(/^Number of Units/);
};

describe('Add New Unit modal', () => {
  it("requires a unit number ('Unit number is required') for a single unit", async () => {
    const { api, dialog } = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Unit' }));
    expect(await within(dialog).findByText('Unit number is required')).toBeTruthy();
    expect(api.calls('POST /projects/11/units')).toHaveLength(0);
  });

  it('switches the unit type between the preset list and free text', async () => {
    const { dialog } = await openModal();
    const presets = within(dialog).getByRole('combobox', { name: 'Unit Type' }) as HTMLSelectElement;
    expect([...presets.options].map((option) => option.value)).toContain('Executive 1 Bedroom');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Custom' }));
    change(within(dialog).getByRole('textbox', { name: 'Unit Type' }), 'Loft');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use Preset' }));
    expect((within(dialog).getByRole('combobox', { name: 'Unit Type' }) as HTMLSelectElement).value).toBe('');
  });

  it('creates one unit with the normalised fields', async () => {
    const { api, dialog } = await openModal({ 'POST /projects/11/units': ok({ data: [makeDetail()] }, 201) });
    change(field(dialog, 'Unit Number'), ' 1204 ');
    change(within(dialog).getByRole('combobox', { name: 'Unit Type' }), 'Penthouse');
    change(field(dialog, 'Area \\(sqft\\)'), '1234.567');
    change(field(dialog, 'Price'), '3500000');
    change(field(dialog, 'Features'), 'Balcony, Pool');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Unit' }));
    await waitFor(() => expect(api.calls('POST /projects/11/units')).toHaveLength(1));
    expect(api.calls('POST /projects/11/units')[0].body).toEqual({
      units: [
        {
          unitNumber: '1204',
          unitType: 'Penthouse',
          floor: null,
          view: null,
          description: null,
          features: 'Balcony, Pool',
          bedrooms: null,
          bathrooms: null,
          area: 1234.57,
          price: 3_500_000,
          status: 'available',
          available: true,
        },
      ],
    });
    expect(await screen.findByText('Unit added')).toBeTruthy();
  });

  it('asks the server to notify the agents only when the checkbox is ticked', async () => {
    const { api, dialog } = await openModal({ 'POST /projects/11/units': ok({ data: [makeDetail()] }, 201) });
    change(field(dialog, 'Unit Number'), '1205');
    change(field(dialog, 'Price'), '900000');
    const notify = within(dialog).getByRole('checkbox', { name: 'Notify agents about the new units by e-mail' }) as HTMLInputElement;
    expect(notify.checked).toBe(false);
    fireEvent.click(within(dialog).getByText('Notify agents about the new units by e-mail'));
    await waitFor(() => expect(notify.checked).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Unit' }));
    await waitFor(() => expect(api.calls('POST /projects/11/units')).toHaveLength(1));
    const body = api.calls('POST /projects/11/units')[0].body as { notifyAgents?: boolean; units: unknown[] };
    expect(body.notifyAgents).toBe(true);
    expect(body.units).toHaveLength(1);
  });

  it('numbers a batch by format and sequence, previews the first 5 then an ellipsis, and clamps the count to 1–50', async () => {
    const { dialog } = await openModal();
    await enableBatch(dialog);
    expect(within(dialog).queryByLabelText(/^Unit Number\*?$/)).toBeNull();
    change(field(dialog, 'Prefix'), 'A-');
    change(field(dialog, 'Number of Units'), '7');
    change(field(dialog, 'Starting Number'), '101');
    expect(preview(dialog)).toBe('A-101, A-102, A-103, A-104, A-105, ...');
    change(within(dialog).getByRole('combobox', { name: 'Unit Number Format' }), 'MIDDLE');
    change(field(dialog, 'Suffix'), '-E');
    change(within(dialog).getByRole('combobox', { name: 'Sequence' }), 'alphabetic');
    change(field(dialog, 'Number of Units'), '3');
    change(field(dialog, 'Starting Number'), '26');
    expect(preview(dialog)).toBe('A-Z-E, A-AA-E, A-AB-E');
    change(field(dialog, 'Number of Units'), '80');
    expect(field(dialog, 'Number of Units').value).toBe('50');
    change(field(dialog, 'Number of Units'), '0');
    expect(field(dialog, 'Number of Units').value).toBe('1');
    change(field(dialog, 'Starting Number'), '-4');
    expect(field(dialog, 'Starting Number').value).toBe('1');
  });

  it.each([
    ['PREFIX', [], 'Prefix is required for the selected unit number format'],
    ['SUFFIX', [], 'Suffix is required for the selected unit number format'],
    ['MIDDLE', [['Prefix', 'T1-']], 'Both prefix and suffix are required for the selected unit number format'],
    ['CUSTOM', [], 'At least one part (prefix, middle, or suffix) is required for custom format'],
  ])('checks the %s format before sending', async (format, parts, message) => {
    const { api, dialog } = await openModal();
    await enableBatch(dialog);
    change(within(dialog).getByRole('combobox', { name: 'Unit Number Format' }), format);
    for (const [label, value] of parts) change(field(dialog, label), value);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 Units' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(api.calls('POST /projects/11/units')).toHaveLength(0);
  });

  it('clears the batch format error as soon as the part it asks for is typed, and the unit number error likewise', async () => {
    const { dialog } = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Unit' }));
    expect(await within(dialog).findByText('Unit number is required')).toBeTruthy();
    change(field(dialog, 'Unit Number'), '1204');
    await waitFor(() => expect(within(dialog).queryByText('Unit number is required')).toBeNull());

    await enableBatch(dialog);
    change(within(dialog).getByRole('combobox', { name: 'Unit Number Format' }), 'PREFIX');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 Units' }));
    expect(await within(dialog).findByText('Prefix is required for the selected unit number format')).toBeTruthy();
    change(field(dialog, 'Prefix'), 'T1-');
    await waitFor(() => expect(within(dialog).queryByText('Prefix is required for the selected unit number format')).toBeNull());
  });

  it('creates the whole batch in ONE request, counting a numeric floor up per unit', async () => {
    const { api, dialog } = await openModal({ 'POST /projects/11/units': ok({ data: [makeDetail(), makeDetail(), makeDetail()] }, 201) });
    await enableBatch(dialog);
    change(field(dialog, 'Prefix'), 'B');
    change(field(dialog, 'Number of Units'), '3');
    change(field(dialog, 'Floor'), '7');
    change(field(dialog, 'Price'), '900000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 3 Units' }));
    await waitFor(() => expect(api.calls('POST /projects/11/units')).toHaveLength(1));
    const { units } = api.calls('POST /projects/11/units')[0].body as { units: Array<{ unitNumber: string; floor: string; price: number }> };
    expect(units.map(({ unitNumber, floor, price }) => [unitNumber, floor, price])).toEqual([
      ['B1', '7', 900000],
      ['B2', '8', 900000],
      ['B3', '9', 900000],
    ]);
    expect(await screen.findByText('3 units added')).toBeTruthy();
  });

  it("shows the server's refusal, such as a unit number already taken", async () => {
    const { dialog } = await openModal({ 'POST /projects/11/units': apiError(409, 'Unit 101 already exists in project Marina Heights') });
    change(field(dialog, 'Unit Number'), '101');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Unit' }));
    expect(await within(dialog).findByText('Unit 101 already exists in project Marina Heights')).toBeTruthy();
  });
});
