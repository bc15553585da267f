import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { apiError, makeProfile, mockApi, noContent, ok, pending } from '@/test/mock-api';
import { DOHA_AGENT, DUBAI_AGENT, managed, ME, OTHER_ADMIN, PROJECTS, SUPER_AGENT } from './fixtures';

const openUsersTab = async (users = [ME, OTHER_ADMIN, DUBAI_AGENT, DOHA_AGENT, SUPER_AGENT], routes = {}) => {
  const api = mockApi({ 'GET /portal-auth/me': ok(makeProfile()), 'GET /portal-users': ok(users), ...routes });
  renderApp('/admin/dashboard?tab=users');
  expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
  return api;
};

const group = (title: string) => screen.getByRole('region', { name: title });
const text = (name: string) => screen.getByRole('textbox', { name });
const createButton = () => screen.getByRole('button', { name: 'Create User' });

describe('Users tab', () => {
  it("shows 'Loading data...' while the users load", async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeProfile()), 'GET /portal-users': () => pending() });
    renderApp('/admin/dashboard?tab=users');
    expect(await screen.findByText('Loading data...')).toBeTruthy();
  });

  it('groups the existing users and labels each row by what the admin may do', async () => {
    await openUsersTab();
    await screen.findByText('Omar Saeed');
    const admins = group('Administrators');
    const me = within(admins).getByText('Amira Haddad').closest('li') as HTMLElement;
    expect(within(me).getByText('Admin')).toBeTruthy();
    expect(within(me).getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
    const other = within(admins).getByText('Basil Admin').closest('li') as HTMLElement;
    expect(within(other).getByText('Other Admin')).toBeTruthy();
    expect(within(other).queryByRole('button')).toBeNull();

    const dubai = within(group('Dubai Agents')).getByText('Omar Saeed').closest('li') as HTMLElement;
    expect(within(dubai).getByText('Dubai')).toBeTruthy();
    expect(within(dubai).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(group('Doha Agents')).getByText('Layla Nasser')).toBeTruthy();
    expect(within(group('Super Agents')).getByText('Karim Farouk')).toBeTruthy();
  });

  it("marks an account whose sign-ins are being slowed with 'Sign-in throttled', and only that one", async () => {
    await openUsersTab([ME, { ...OTHER_ADMIN, signInThrottled: true }, { ...DUBAI_AGENT, signInThrottled: true }, DOHA_AGENT]);
    await screen.findByText('Omar Saeed');
    const dubai = within(group('Dubai Agents')).getByText('Omar Saeed').closest('li') as HTMLElement;
    expect(within(dubai).getByText('Sign-in throttled')).toBeTruthy();
    const other = within(group('Administrators')).getByText('Basil Admin').closest('li') as HTMLElement;
    expect(within(other).getByText('Sign-in throttled')).toBeTruthy();
    expect(screen.getAllByText('Sign-in throttled')).toHaveLength(2);
  });

  it('shows the empty text of every group without users', async () => {
    await openUsersTab([ME]);
    expect(await screen.findByText('No Dubai agents found')).toBeTruthy();
    expect(screen.getByText('No Doha agents found')).toBeTruthy();
    expect(screen.getByText('No super agents found')).toBeTruthy();
  });

  it("shows 'No administrators found' when the list has none", async () => {
    await openUsersTab([]);
    expect(await screen.findByText('No administrators found')).toBeTruthy();
  });
});

describe('Create New User form', () => {
  it('marks every missing required field before sending anything', async () => {
    const api = await openUsersTab();
    fireEvent.click(createButton());
    expect(await screen.findAllByText('All required fields must be filled')).toHaveLength(4);
    expect(api.calls('POST /portal-users')).toHaveLength(0);
  });

  it('checks the e-mail, the password rules and the confirmation', async () => {
    const api = await openUsersTab();
    fireEvent.change(text('First Name'), { target: { value: 'Nadia' } });
    fireEvent.change(text('Email'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText(/^Password\*?$/), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'other' } });
    fireEvent.click(createButton());
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Password must contain at least one uppercase letter')).toBeTruthy();
    expect(screen.getByText('Password must contain at least one number')).toBeTruthy();
    expect(screen.getByText('Password must contain at least one special character')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.calls('POST /portal-users')).toHaveLength(0);
  });

  it('ticks the live checklist as the password is typed', async () => {
    await openUsersTab();
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    fireEvent.change(screen.getByLabelText(/^Password\*?$/), { target: { value: 'abcdefgh' } });
    expect(within(checklist).getByText('At least 8 characters').closest('li')?.getAttribute('data-met')).toBe('true');
    expect(within(checklist).getByText('One uppercase letter').closest('li')?.getAttribute('data-met')).toBe('false');
  });

  it('shows Agent Type only for agents and sends it only for them', async () => {
    const api = await openUsersTab([ME], { 'POST /portal-users': ok(managed(makeProfile({ id: 9 })), 201) });
    expect(screen.getByRole('combobox', { name: 'Agent Type' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'admin' } });
    expect(screen.queryByRole('combobox', { name: 'Agent Type' })).toBeNull();

    fireEvent.change(text('First Name'), { target: { value: 'Nadia' } });
    fireEvent.change(text('Email'), { target: { value: 'nadia@demo.test' } });
    fireEvent.change(screen.getByLabelText(/^Password\*?$/), { target: { value: 'Str0ng-Pass!' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'Str0ng-Pass!' } });
    fireEvent.click(createButton());
    expect(await screen.findByText('User created successfully')).toBeTruthy();
    expect(api.calls('POST /portal-users')[0].body).toEqual({
      email: 'nadia@demo.test',
      password: 'Str0ng-Pass!',
      confirmPassword: 'Str0ng-Pass!',
      firstName: 'Nadia',
      lastName: null,
      phoneNumber: null,
      role: 'admin',
      agentType: null,
    });
    expect((text('First Name') as HTMLInputElement).value).toBe('');
  });

  it("puts the server's field messages on their fields", async () => {
    await openUsersTab([ME], {
      'POST /portal-users': apiError(400, 'Email is already taken', { email: 'Email is already taken' }),
    });
    fireEvent.change(text('First Name'), { target: { value: 'Omar' } });
    fireEvent.change(text('Email'), { target: { value: 'dubai.agent@demo.test' } });
    fireEvent.change(screen.getByLabelText(/^Password\*?$/), { target: { value: 'Str0ng-Pass!' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'Str0ng-Pass!' } });
    fireEvent.click(createButton());
    const message = await screen.findByText('Email is already taken');
    expect(message.closest('[data-part="root"]')?.querySelector('input')?.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('Edit Agent dialog', () => {
  const openEdit = async (routes = {}) => {
    const api = await openUsersTab([ME, DUBAI_AGENT], { 'GET /projects': ok({ data: PROJECTS, meta: {} }), ...routes });
    const row = (await screen.findByText('Omar Saeed')).closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Agent' });
    return { api, dialog };
  };

  it('shows the read-only e-mail and the project access grouped by region, ticked by the agent-type defaults', async () => {
    const { dialog } = await openEdit();
    // Shown as a value, not as an input that looks editable.
    expect(within(dialog).queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(within(dialog).getByLabelText('Email').textContent).toBe('dubai.agent@demo.test');
    expect(within(dialog).getByText('Email cannot be changed')).toBeTruthy();
    await within(dialog).findByText('Marina Heights');
    for (const region of ['Dubai', 'Doha', 'Other']) expect(within(dialog).getByRole('heading', { name: region })).toBeTruthy();
    const marina = within(dialog).getByRole('checkbox', { name: 'Marina Heights' }) as HTMLInputElement;
    const pearl = within(dialog).getByRole('checkbox', { name: 'Pearl Bay Residences' }) as HTMLInputElement;
    expect(marina.checked).toBe(true);
    expect(pearl.checked).toBe(false);
  });

  it('requires a first name, then saves, confirms and closes after 1.5 seconds', async () => {
    const { api, dialog } = await openEdit({ 'PUT /portal-users/2': ok(DUBAI_AGENT) });
    const firstName = within(dialog).getByRole('textbox', { name: 'First Name' });
    fireEvent.change(firstName, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('First name is required')).toBeTruthy();

    fireEvent.change(firstName, { target: { value: 'Omar' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Agent Type' }), { target: { value: 'super' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Agent updated successfully')).toBeTruthy();
    expect(api.calls('PUT /portal-users/2')[0].body).toEqual({
      revision: 1,
      firstName: 'Omar',
      lastName: 'Saeed',
      phoneNumber: '+97150000002',
      agentType: 'super',
      visibleProjects: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Agent' })).toBeNull(), { timeout: 2500 });
  });

  it('says which access is in force, and asks before saving an agent with no project at all', async () => {
    const { api, dialog } = await openEdit({ 'PUT /portal-users/2': ok({ ...DUBAI_AGENT, visibleProjects: [] }) });
    await within(dialog).findByText('Marina Heights');
    const inForce = within(dialog).getByTestId('project-access-in-force');
    expect(within(inForce).getByText('Region default')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('Marina Heights'));
    expect(await within(inForce).findByText('1 chosen project')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByText('Gulf Horizon Tower')[0]);
    expect(await within(inForce).findByText('No projects')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove all project access?' });
    expect(within(confirm).getByText('Omar Saeed will see no projects and no units at all until you give them access again. Save anyway?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('PUT /portal-users/2')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save with no access' }));
    await waitFor(() => expect(api.calls('PUT /portal-users/2')).toHaveLength(1));
    expect(api.calls('PUT /portal-users/2')[0].body).toMatchObject({ revision: 1, visibleProjects: [] });
  });

  it("puts an agent back on the region default with 'Use region default'", async () => {
    const { api, dialog } = await openEdit({ 'PUT /portal-users/2': ok(DUBAI_AGENT) });
    await within(dialog).findByText('Marina Heights');
    fireEvent.click(within(dialog).getByText('Marina Heights'));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Use region default' }));
    expect(within(within(dialog).getByTestId('project-access-in-force')).getByText('Region default')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.calls('PUT /portal-users/2')).toHaveLength(1));
    expect(api.calls('PUT /portal-users/2')[0].body).toMatchObject({ visibleProjects: null });
  });

  it("shows a project-list failure inside the checklist in the screen's words, not the server's", async () => {
    const { dialog } = await openEdit({ 'GET /projects': apiError(403, 'Forbidden') });
    expect(await within(dialog).findByText('Failed to load projects. Please try again.')).toBeTruthy();
    expect(within(dialog).queryByText('Forbidden')).toBeNull();
  });

  it('asks before deleting the user, with the name and e-mail', async () => {
    const { api, dialog } = await openEdit({ 'DELETE /portal-users/2': noContent() });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete User' });
    expect(within(confirm).getByText('Are you sure you want to delete user Omar Saeed (dubai.agent@demo.test)? This action cannot be undone.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete User' }));
    await waitFor(() => expect(api.calls('DELETE /portal-users/2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Agent' })).toBeNull());
  });

  it('edits only the names and phone of the admin themself', async () => {
    await openUsersTab([ME]);
    // The heading comes before the users have loaded: wait for the admin's own row, as the other tests do.
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).queryByRole('combobox', { name: 'Agent Type' })).toBeNull();
    expect(within(dialog).queryByText('Project Access')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete User' })).toBeNull();
  });
});
