import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@repo/types';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { apiError, makeAgent, makeProfile, mockApi, noContent, ok } from '@/test/mock-api';

const fillCredentials = (email: string, password: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
};

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

/** Ticks or unticks Remember me through its label, as a person would, and lets the checkbox settle. */
const toggleRememberMe = async () => {
  fireEvent.click(screen.getByText('Remember me'));
  await act(async () => undefined);
};

const twoFactorLogin = {
  status: 'two-factor-required',
  challengeId: 'ch-1',
  maskedPhone: '******0002',
  expiresAt: '2026-01-01T10:10:00Z',
};

describe('login', () => {
  it('signs an admin in and opens the admin dashboard', async () => {
    const api = mockApi({
      'POST /portal-auth/login': ok({ status: 'signed-in', profile: makeProfile() }),
      'GET /portal-users': ok([]),
    });
    const { router } = renderApp('/admin/login');
    fillCredentials('admin@demo.test', 'Admin-Demo-2026!');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(api.calls('POST /portal-auth/login')[0].body).toEqual({
      email: 'admin@demo.test',
      password: 'Admin-Demo-2026!',
      userType: 'admin',
    });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
  });

  it('sends an admin who signs in on the agent screen to the admin dashboard', async () => {
    mockApi({ 'POST /portal-auth/login': ok({ status: 'signed-in', profile: makeProfile() }), 'GET /portal-users': ok([]) });
    const { router } = renderApp('/agent/login');
    expect(screen.getByRole('heading', { name: 'Agent Login' })).toBeTruthy();
    fillCredentials('admin@demo.test', 'Admin-Demo-2026!');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('asks for both fields before calling the server', async () => {
    const api = mockApi();
    renderApp('/admin/login');
    submit();
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(api.calls('POST /portal-auth/login')).toHaveLength(0);
  });

  it.each([
    [apiError(400, 'Invalid email or password'), 'Invalid email or password'],
    [apiError(429, 'Too many failed login attempts. Please try again later'), 'Too many failed login attempts. Please try again later'],
    [apiError(403, 'Invalid account type'), 'Invalid account type'],
    [{ status: 500, body: 'oops' }, 'Failed to log in. Please check your credentials.'],
  ])('shows the server error as given (%#)', async (response, message) => {
    mockApi({ 'POST /portal-auth/login': response });
    renderApp('/admin/login');
    fillCredentials('agent@demo.test', 'whatever');
    submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('remembers the e-mail when Remember me is ticked, pre-fills it next time, and forgets it when not', async () => {
    mockApi({ 'POST /portal-auth/login': ok({ status: 'signed-in', profile: makeAgent() }) });
    const first = renderApp('/agent/login');
    fillCredentials('dubai.agent@demo.test', 'Agent-Demo-2026!');
    await toggleRememberMe();
    submit();
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/agent/dashboard'));
    expect(window.localStorage.getItem(STORAGE_KEYS.rememberMe)).toBe('true');
    expect(window.localStorage.getItem(STORAGE_KEYS.rememberedEmail)).toBe('dubai.agent@demo.test');
    first.unmount();

    const second = renderApp('/agent/login');
    expect((screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement).value).toBe('dubai.agent@demo.test');
    const remember = screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement;
    expect(remember.checked).toBe(true);
    await toggleRememberMe();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Agent-Demo-2026!' } });
    submit();
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/agent/dashboard'));
    expect(window.localStorage.getItem(STORAGE_KEYS.rememberMe)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.rememberedEmail)).toBeNull();
  });

  it('shows the reset notice on the return path after a password reset', async () => {
    renderApp('/login/agent');
    expect(await screen.findByRole('heading', { name: 'Agent Login' })).toBeTruthy();
    expect(screen.getByText('Your password has been reset. Please log in with your new password.')).toBeTruthy();
  });
});

describe('login with two-factor', () => {
  const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

  const startTwoFactor = async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const api = mockApi({
      'POST /portal-auth/login': ok(twoFactorLogin),
      'POST /portal-auth/login/send-code': ok({ maskedPhone: '******0002', resendAvailableAt: '2026-01-01T10:01:00Z' }),
      'POST /portal-auth/login/verify': ok({ profile: makeAgent() }),
    });
    const view = renderApp('/agent/login');
    fillCredentials('dubai.agent@demo.test', 'Agent-Demo-2026!');
    submit();
    await flush();
    return { api, ...view };
  };

  it('shows the masked phone and sends the code about 1 second after the code screen appears', async () => {
    const { api } = await startTwoFactor();
    expect(screen.getByPlaceholderText('Enter 6-digit code')).toBeTruthy();
    expect(screen.getByText(/\*\*\*\*\*\*0002/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(api.calls('POST /portal-auth/login/send-code')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.calls('POST /portal-auth/login/send-code')).toEqual([expect.objectContaining({ body: { challengeId: 'ch-1' } })]);
  });

  it('offers a resend only after the 60-second countdown', async () => {
    const { api } = await startTwoFactor();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const resend = () => screen.getByRole('button', { name: /^Resend code/ }) as HTMLButtonElement;
    expect(resend().disabled).toBe(true);
    expect(resend().textContent).toBe('Resend code in 60s');
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(resend().disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(resend().disabled).toBe(false);
    expect(resend().textContent).toBe('Resend code');
    fireEvent.click(resend());
    await flush();
    expect(api.calls('POST /portal-auth/login/send-code')).toHaveLength(2);
  });

  it('accepts digits only, at most six, in a numeric one-time-code input', async () => {
    await startTwoFactor();
    const input = screen.getByPlaceholderText('Enter 6-digit code') as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    expect(input.autocomplete).toBe('one-time-code');
    expect(input.maxLength).toBe(6);
    fireEvent.change(input, { target: { value: '12a34-5678' } });
    expect(input.value).toBe('123456');
  });

  it('goes back to the form on Cancel and starts the next code step with an empty code', async () => {
    const { api } = await startTwoFactor();
    fireEvent.change(screen.getByPlaceholderText('Enter 6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByPlaceholderText('Enter 6-digit code')).toBeNull();
    // The pending send was called off with the step.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.calls('POST /portal-auth/login/send-code')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Agent-Demo-2026!' } });
    submit();
    await flush();
    expect((screen.getByPlaceholderText('Enter 6-digit code') as HTMLInputElement).value).toBe('');
  });

  it('verifies the code and opens the dashboard', async () => {
    const { api, router } = await startTwoFactor();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    fireEvent.change(screen.getByPlaceholderText('Enter 6-digit code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await flush();
    expect(api.calls('POST /portal-auth/login/verify')[0].body).toEqual({ challengeId: 'ch-1', code: '654321' });
    expect(router.state.location.pathname).toBe('/agent/dashboard');
  });

  it('shows a wrong code as given and stays on the code step', async () => {
    const { api } = await startTwoFactor();
    api.set('POST /portal-auth/login/verify', apiError(400, 'Invalid verification code. Please try again.'));
    fireEvent.change(screen.getByPlaceholderText('Enter 6-digit code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await flush();
    expect(screen.getByText('Invalid verification code. Please try again.')).toBeTruthy();
    expect(screen.getByPlaceholderText('Enter 6-digit code')).toBeTruthy();
  });

  it('returns to the form when the verification session expired', async () => {
    const { api } = await startTwoFactor();
    api.set('POST /portal-auth/login/verify', apiError(400, 'Verification session expired. Please try again.'));
    fireEvent.change(screen.getByPlaceholderText('Enter 6-digit code'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await flush();
    expect(screen.getByText('Verification session expired. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});

describe('password reset request', () => {
  it("asks for the e-mail, sends the link and confirms with 'Password Reset Email Sent'", async () => {
    const api = mockApi({ 'POST /portal-auth/forgot-password': noContent() });
    const { router } = renderApp('/agent/login');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset Your Password' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), { target: { value: 'doha.agent@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Password Reset Email Sent' })).toBeTruthy();
    // The spec refuses an unknown address ('No account found with this email address'), so the page says it is sent, with no 'if'.
    expect(screen.getByText('A link to reset your password has been sent to doha.agent@demo.test. Check your inbox.')).toBeTruthy();
    expect(screen.queryByText(/belongs to an account/)).toBeNull();
    expect(api.calls('POST /portal-auth/forgot-password')[0].body).toEqual({ email: 'doha.agent@demo.test', userType: 'agent' });

    fireEvent.click(screen.getByRole('link', { name: 'Return to Login' }));
    expect(await screen.findByRole('heading', { name: 'Agent Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/agent/login');
  });

  it('shows the server error as given', async () => {
    mockApi({ 'POST /portal-auth/forgot-password': apiError(404, 'No account found with this email address') });
    renderApp('/admin/login?view=forgot-password');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email address' }), { target: { value: 'nobody@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('No account found with this email address')).toBeTruthy();
  });

  it('sets a new password from the e-mailed link and returns to that login', async () => {
    const api = mockApi({ 'POST /portal-auth/reset-password': ok({ userType: 'agent' }) });
    const { router } = renderApp('/reset-password?code=abc123&userType=agent');
    // The reset page's form comes in a chunk of its own (lazy-auth-steps.ts).
    const password = await screen.findByLabelText(/^New Password/);
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText(/^Confirm New Password/), { target: { value: 'different' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password does not meet all requirements')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();

    fireEvent.change(password, { target: { value: 'New-Passw0rd!' } });
    fireEvent.change(screen.getByLabelText(/^Confirm New Password/), { target: { value: 'New-Passw0rd!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/agent'));
    expect(api.calls('POST /portal-auth/reset-password')[0].body).toEqual({
      code: 'abc123',
      password: 'New-Passw0rd!',
      passwordConfirmation: 'New-Passw0rd!',
    });
    expect(await screen.findByText('Your password has been reset. Please log in with your new password.')).toBeTruthy();
  });
});
