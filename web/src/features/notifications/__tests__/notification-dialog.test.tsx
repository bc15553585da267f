import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { apiError, makeProfile, mockApi, ok } from '@/test/mock-api';
import { makeProject } from '@/test/fixtures';

const PROJECT = makeProject({ description: 'A tower on the marina.' });
const unit = (id: number, unitNumber: string, price: number) => ({
  id,
  unitNumber,
  name: null,
  unitType: 'Studio',
  floor: '1',
  view: null,
  area: 400,
  size: null,
  price,
  status: 'available',
  bedrooms: 0,
  bathrooms: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const AGENTS = [
  { id: 21, displayName: 'Omar Saeed', email: 'omar@demo.test', agentType: 'dubai' },
  { id: 22, displayName: 'Sara Khan', email: 'sara@demo.test', agentType: 'super' },
];

const openModal = async (routes = {}) => {
  const api = mockApi({
    'GET /portal-auth/me': ok(makeProfile()),
    'GET /projects/11': ok({ data: PROJECT }),
    'GET /projects/11/units': ok({ data: [unit(1, '101', 900000), unit(2, '102', 950000)] }),
    'GET /projects/11/notification-recipients': ok({ data: AGENTS, meta: { mode: 'select' } }),
    ...routes,
  });
  renderApp('/admin/projects/11');
  await screen.findByRole('heading', { name: 'Units (2)' });
  const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  fireEvent.click(within(rows[0]).getByRole('checkbox'));
  fireEvent.click(within(rows[1]).getByRole('checkbox'));
  const bar = await screen.findByRole('region', { name: '2 units selected' });
  fireEvent.click(within(bar).getByRole('button', { name: 'Send Email Notification' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send Email Notification' });
  await within(dialog).findByText('Omar Saeed');
  return { api, dialog };
};

const tick = async (dialog: HTMLElement, name: string) => {
  const box = within(dialog).getByRole('checkbox', { name: new RegExp(name) }) as HTMLInputElement;
  fireEvent.click(within(dialog).getByText(name));
  await waitFor(() => expect(box.checked).toBe(true));
};

describe('Send Email Notification', () => {
  it('needs a recipient in select mode, then sends to the ticked agents and closes 2 seconds after success', async () => {
    const { api, dialog } = await openModal({
      'POST /notifications/units': ok({ data: { success: true, message: 'Notification sent for 2 units to 1 agent', sent: 1, failed: 0 } }),
    });
    expect(getComputedStyle(within(dialog).getByTestId('recipient-list')).maxHeight).toBe('300px');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Notification' }));
    expect(await within(dialog).findByText('Please select at least one recipient')).toBeTruthy();
    expect(api.calls('POST /notifications/units')).toHaveLength(0);

    await tick(dialog, 'Omar Saeed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Notification' }));
    expect(await within(dialog).findByText('Notification sent for 2 units to 1 agent')).toBeTruthy();
    expect(api.calls('POST /notifications/units')[0].body).toEqual({ projectId: 11, unitIds: [1, 2], mode: 'select', recipientIds: [21] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Email Notification' })).toBeNull(), { timeout: 3500 });
  }, 20_000);

  it('sends to all eligible agents with the send-to-all list from the server', async () => {
    const { api, dialog } = await openModal({
      'POST /notifications/units': ok({ data: { success: true, message: 'Notification sent for 2 units to 2 agents', sent: 2, failed: 0 } }),
    });
    fireEvent.click(within(dialog).getByText('All eligible agents'));
    await waitFor(() => expect(api.calls('GET /projects/11/notification-recipients').some((call) => call.query === '?mode=all')).toBe(true));
    expect(await within(dialog).findByText('The notification goes to 2 eligible agents.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Notification' }));
    expect(await within(dialog).findByText('Notification sent for 2 units to 2 agents')).toBeTruthy();
    expect(api.calls('POST /notifications/units')[0].body).toEqual({ projectId: 11, unitIds: [1, 2], mode: 'all' });
  });

  it('previews what the server will send, per recipient, for exactly the selection a send would post', async () => {
    const message = (recipientId: number, toName: string, units: string) => ({
      recipientId,
      to: `${recipientId}@demo.test`,
      toName,
      subject: 'New Property Available: 101 in Marina Heights',
      text: `Hello ${toName},\n\n${units}\n`,
      html: '<p>ignored</p>',
    });
    const { api, dialog } = await openModal({
      'POST /notifications/units/preview': ok({ data: [message(22, 'Sara Khan', 'Unit: 101'), message(21, 'Omar Saeed', 'Unit: 102')] }),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview Email' }));
    expect(await within(dialog).findByText('Please select at least one recipient')).toBeTruthy();
    expect(api.calls('POST /notifications/units/preview')).toHaveLength(0);

    await tick(dialog, 'Sara Khan');
    await tick(dialog, 'Omar Saeed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview Email' }));
    expect((await within(dialog).findByTestId('email-preview-subject')).textContent).toBe('New Property Available: 101 in Marina Heights');
    expect(api.calls('POST /notifications/units/preview')[0].body).toEqual({ projectId: 11, unitIds: [1, 2], mode: 'select', recipientIds: [21, 22] });
    expect(within(dialog).getByTestId('email-preview-body').textContent).toContain('Hello Sara Khan');
    // Each recipient's own e-mail: picking another shows theirs, as text.
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: '21' } });
    expect(within(dialog).getByTestId('email-preview-body').textContent).toContain('Unit: 102');
    expect(within(dialog).queryByText('ignored')).toBeNull();
  });

  it("shows a failed delivery's reason and keeps the modal open", async () => {
    const { dialog } = await openModal({
      'POST /notifications/units': ok({ data: { success: false, message: 'Failed to send notification: SMTP refused', sent: 0, failed: 1 } }),
    });
    await tick(dialog, 'Omar Saeed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Notification' }));
    expect(await within(dialog).findByText('Failed to send notification: SMTP refused')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Send Email Notification' })).toBeTruthy();
  });

  it("says 'Failed to load agent list' when the recipients cannot be read", async () => {
    mockApi({
      'GET /portal-auth/me': ok(makeProfile()),
      'GET /projects/11': ok({ data: PROJECT }),
      'GET /projects/11/units': ok({ data: [unit(1, '101', 900000)] }),
      'GET /projects/11/notification-recipients': apiError(500, ''),
    });
    renderApp('/admin/projects/11');
    await screen.findByRole('heading', { name: 'Units (1)' });
    fireEvent.click(within(within(screen.getByRole('table')).getAllByRole('row')[1]).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Send Email Notification' }));
    expect(await screen.findByText('Failed to load agent list')).toBeTruthy();
  });
});
