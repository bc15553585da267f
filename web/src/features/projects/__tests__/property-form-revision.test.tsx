import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PROJECT_MESSAGES } from '@repo/types';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { apiError, makeProfile, mockApi, ok, type ApiRequest } from '@/test/mock-api';
import { makeCard } from './fixtures';

describe('property form and the revision', () => {
  it('sends the revision it read, shows a stale save as someone else’s change, and after Reload saves from the latest version', async () => {
    let stored = makeCard({ id: 7, name: 'Pearl Bay', location: 'The Pearl, Doha', visibleTo: ['dubai', 'doha'], revision: 3 });
    const api = mockApi({
      'GET /portal-auth/me': ok(makeProfile()),
      'GET /projects': () => ok({ data: [stored], meta: {} }),
      'GET /projects/7': () => ok({ data: stored }),
      'GET /projects/7/units': ok({ data: [] }),
      'PUT /projects/7': (request: ApiRequest) =>
        (request.body as { revision: number }).revision === stored.revision
          ? ok({ data: { ...stored, ...(request.body as object), revision: stored.revision + 1 } })
          : apiError(409, PROJECT_MESSAGES.stale),
    });
    renderApp('/admin/projects/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Property' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Property' });
    // Another admin hides the project from Doha after this form was read.
    stored = { ...stored, visibleTo: ['dubai'], revision: 4 };
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Location/ }), { target: { value: 'Porto Arabia, Doha' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Property' }));

    expect(await within(dialog).findByText(PROJECT_MESSAGES.stale)).toBeTruthy();
    expect(api.calls('PUT /projects/7')[0].body).toMatchObject({ location: 'Porto Arabia, Doha', visibleTo: ['dubai', 'doha'], revision: 3 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((within(dialog).getByRole('checkbox', { name: 'Doha' }) as HTMLInputElement).checked).toBe(false), { timeout: 5000 });
    expect((within(dialog).getByRole('textbox', { name: /Location/ }) as HTMLInputElement).value).toBe('The Pearl, Doha');

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Location/ }), { target: { value: 'Porto Arabia, Doha' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Property' }));
    await waitFor(() => expect(api.calls('PUT /projects/7')).toHaveLength(2), { timeout: 5000 });
    expect(api.calls('PUT /projects/7')[1].body).toMatchObject({ location: 'Porto Arabia, Doha', visibleTo: ['dubai'], revision: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Property' })).toBeNull(), { timeout: 5000 });
  });

  it("shows the contract's message on the field for a name over 200 characters, and sends nothing", async () => {
    const api = mockApi({ 'GET /portal-auth/me': ok(makeProfile()), 'GET /projects': ok({ data: [], meta: {} }) });
    renderApp('/admin/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Add New Property' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Property' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Property Name/ }), { target: { value: 'N'.repeat(201) } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Location/ }), { target: { value: 'Dubai' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Property' }));
    expect(await within(dialog).findByText('Property Name must be text of at most 200 characters')).toBeTruthy();
    expect(api.calls('POST /projects')).toHaveLength(0);
  });
});
