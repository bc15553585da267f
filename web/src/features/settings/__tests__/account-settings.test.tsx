import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS, type SessionProfile } from '@repo/types';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { apiError, makeAgent, makeProfile, mockApi, noContent, ok, type RouteHandler } from '@/test/mock-api';

const openSettings = async (profile: SessionProfile = makeAgent(), routes: Record<string, RouteHandler> = {}, path = '/agent/settings') => {
  const api = mockApi({ 'GET /portal-auth/me': ok(profile), ...routes });
  const view = renderApp(path);
  expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeTruthy();
  return { api, ...view };
};

const section = (name: string) => screen.getByRole('region', { name });

describe('settings screen', () => {
  it('is the same screen inside the dashboard shell for both roles, with Settings selected', async () => {
    await openSettings(makeProfile(), { 'GET /portal-users': ok([]) }, '/admin/settings');
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    for (const name of ['Theme', 'Change Password', 'SMS Two-Factor Authentication', 'Performance Settings', 'Danger Zone']) {
      expect(section(name)).toBeTruthy();
    }
  });

  it('keeps the dashboard tab in the URL', async () => {
    const { router } = await openSettings(makeProfile(), { 'GET /portal-users': ok([]) }, '/admin/dashboard?tab=settings');
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=users');
  });
});

describe('theme', () => {
  it('starts on System and persists Light and Dark under the product-prefixed key', async () => {
    await openSettings();
    const theme = section('Theme');
    expect((within(theme).getByRole('radio', { name: 'System' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(theme).getByText('Dark'));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark'));
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    fireEvent.click(within(theme).getByText('Light'));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light'));
    expect((within(theme).getByRole('radio', { name: 'Light' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('performance settings', () => {
  it('has Data Caching on by default and stores the switch locally', async () => {
    await openSettings();
    const toggle = within(section('Performance Settings')).getByRole('checkbox', { name: 'Data Caching' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(within(section('Performance Settings')).getByText('Data Caching'));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.dataCaching)).toBe('false'));
  });

  it("clears the persisted cache and says 'Cache cleared successfully!' for 3 seconds", async () => {
    window.sessionStorage.setItem('propertyPortal.cache.projects_all', JSON.stringify({ storedAt: Date.now(), data: [] }));
    await openSettings();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Clear All Cached Data' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Cache cleared successfully!')).toBeTruthy();
    expect(window.sessionStorage.getItem('propertyPortal.cache.projects_all')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(screen.getByText('Cache cleared successfully!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Cache cleared successfully!')).toBeNull();
  });
});

describe('change password', () => {
  const fill = (current: string, next: string, confirm: string) => {
    fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: current } });
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: next } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
  };

  it('checks the rules and the confirmation before asking the server', async () => {
    const { api } = await openSettings();
    fill('Agent-Demo-2026!', 'weak', 'different');
    expect(await screen.findByText('Password does not meet all requirements')).toBeTruthy();
    expect(screen.getByText('New passwords do not match')).toBeTruthy();
    expect(api.calls('POST /portal-auth/change-password')).toHaveLength(0);
  });

  it('shows a wrong current password on its field', async () => {
    await openSettings(makeAgent(), {
      'POST /portal-auth/change-password': apiError(400, 'Incorrect password. Please try again.'),
    });
    fill('wrong', 'New-Passw0rd!', 'New-Passw0rd!');
    expect(await screen.findByText('Incorrect password. Please try again.')).toBeTruthy();
  });

  it("confirms with 'Password updated successfully'", async () => {
    const { api } = await openSettings(makeAgent(), { 'POST /portal-auth/change-password': noContent() });
    fill('Agent-Demo-2026!', 'New-Passw0rd!', 'New-Passw0rd!');
    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
    expect(api.calls('POST /portal-auth/change-password')[0].body).toEqual({
      currentPassword: 'Agent-Demo-2026!',
      newPassword: 'New-Passw0rd!',
      confirmPassword: 'New-Passw0rd!',
    });
  });
});

describe('SMS two-factor setup', () => {
  const phoneInput = () => within(section('SMS Two-Factor Authentication')).getByRole('textbox', { name: 'Phone Number' });
  const started = ok({ challengeId: 'setup-1', maskedPhone: '******5678', resendAvailableAt: '', expiresAt: '' });

  it('asks for a phone number, sends the code and turns two-factor on with the right code', async () => {
    let profile = makeAgent({ phoneNumber: null });
    const { api } = await openSettings(profile, {
      'GET /portal-auth/me': () => ok(profile),
      'POST /portal-auth/two-factor/start': started,
      'POST /portal-auth/two-factor/confirm': () => {
        profile = { ...profile, twoFactorEnabled: true, twoFactorMethod: 'sms', phoneNumber: '+97412345678' };
        return ok(profile);
      },
    });
    expect(phoneInput().getAttribute('placeholder')).toBe('+974XXXXXXXX');
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText('Please enter a phone number.')).toBeTruthy();

    fireEvent.change(phoneInput(), { target: { value: '00974 1234 5678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText('Enter the 6-digit code sent to ******5678.')).toBeTruthy();
    expect(api.calls('POST /portal-auth/two-factor/start')[0].body).toEqual({ phoneNumber: '+97412345678' });
    expect((screen.getByRole('button', { name: /^Resend code/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByPlaceholderText('Enter 6-digit code'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Please enter a valid 6-digit verification code')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('Enter 6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Two-factor authentication enabled')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Disable' })).toBeTruthy();
    expect(screen.getByText('Verification codes are sent to ******5678.')).toBeTruthy();
  });

  it('returns to the phone step when the code has expired', async () => {
    await openSettings(makeAgent(), {
      'POST /portal-auth/two-factor/start': started,
      'POST /portal-auth/two-factor/confirm': apiError(410, 'Verification code has expired. Please request a new code.'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    fireEvent.change(await screen.findByPlaceholderText('Enter 6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Verification code has expired. Please request a new code.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Verification Code' })).toBeTruthy();
  });

  it('turns two-factor off at once with Disable', async () => {
    let profile = makeAgent({ twoFactorEnabled: true, twoFactorMethod: 'sms' });
    const { api } = await openSettings(profile, {
      'GET /portal-auth/me': () => ok(profile),
      'POST /portal-auth/two-factor/disable': () => {
        profile = { ...profile, twoFactorEnabled: false, twoFactorMethod: null };
        return ok(profile);
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Two-factor authentication disabled')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Send Verification Code' })).toBeTruthy();
    expect(api.calls('POST /portal-auth/two-factor/disable')).toHaveLength(1);
  });
});

describe('danger zone', () => {
  it('asks for the password and a confirmation, then deletes the account and leaves for /login', async () => {
    const { api, router } = await openSettings(makeAgent(), { 'POST /portal-auth/delete-account': noContent() });
    const zone = section('Danger Zone');
    fireEvent.click(within(zone).getByRole('button', { name: 'Delete Account' }));
    expect(await within(zone).findByText('Please enter your password to delete your account.')).toBeTruthy();

    fireEvent.change(within(zone).getByLabelText('Password'), { target: { value: 'Agent-Demo-2026!' } });
    fireEvent.click(within(zone).getByRole('button', { name: 'Delete Account' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Account' });
    expect(within(confirm).getByText('Are you sure you want to delete your account? This action cannot be undone.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete Account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls('POST /portal-auth/delete-account')[0].body).toEqual({ password: 'Agent-Demo-2026!' });
    expect(await screen.findByText('Property management portal')).toBeTruthy();
  });

  it('shows a wrong password on the field', async () => {
    await openSettings(makeAgent(), {
      'POST /portal-auth/delete-account': apiError(400, 'Incorrect password. Please try again.'),
    });
    const zone = section('Danger Zone');
    fireEvent.change(within(zone).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(zone).getByRole('button', { name: 'Delete Account' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Account' }));
    expect(await within(zone).findByText('Incorrect password. Please try again.')).toBeTruthy();
  });
});

describe('logout', () => {
  it('signs out on the server, then goes to the start page', async () => {
    const { api, router } = await openSettings(makeAgent(), { 'POST /portal-auth/logout': noContent() });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls('POST /portal-auth/logout')).toHaveLength(1);
  });
});
