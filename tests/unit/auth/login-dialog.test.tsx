import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ToastViewport } from '@/components/shell/toast-viewport';
import * as authApi from '@/components/auth/auth-api';
import { ApiError } from '@/lib/http';
import { useSessionStore } from '@/stores/session-store';
import { renderWithShell } from '../shell/render-with-shell';

jest.mock('next/navigation', () => jest.requireActual('../shell/navigation-mock').nextNavigationMock);
jest.mock('@/components/auth/auth-api');
const mocked = jest.mocked(authApi);

function OpenLogin() {
  const openLogin = useSessionStore((state) => state.openLogin);
  return (
    <button type="button" onClick={openLogin}>
      open login
    </button>
  );
}

async function openDialog() {
  renderWithShell(
    <>
      <OpenLogin />
      <ToastViewport />
    </>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'open login' }));
  return screen.findByRole('dialog', { name: 'Log in with a code' });
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name);
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

beforeEach(() => {
  jest.resetAllMocks();
  mocked.captchaPath.mockReturnValue(new Promise(() => {}));
});

describe('login dialog', () => {
  it('opens on SMS-code login and enables "Log in" only with a phone and a code', async () => {
    const dialog = await openDialog();
    const login = within(dialog).getByRole('button', { name: 'Log in' });
    expect(login).toBeDisabled();
    type(field(dialog, 'Phone number'), '18800000001');
    expect(field(dialog, 'Phone number')).toHaveValue('188 0000 0001');
    expect(login).toBeDisabled();
    type(field(dialog, 'Verification code'), '12ab34');
    expect(field(dialog, 'Verification code')).toHaveValue('1234');
    expect(login).toBeEnabled();
    expect(within(dialog).getByText(/registered yet gets an account automatically/)).toBeInTheDocument();
  });

  it('prefixes the English phone number with a plain "+" that is no control, and says the country code goes first', async () => {
    const dialog = await openDialog();
    const prefix = within(dialog).getByText('+', { exact: true });
    expect(prefix.tagName).toBe('SPAN');
    expect(prefix).not.toHaveAttribute('tabindex');
    expect(prefix).not.toHaveAttribute('title');
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(field(dialog, 'Phone number')).toHaveAccessibleDescription('Enter the number with its country code');
    expect(field(dialog, 'Phone number')).toHaveAttribute('placeholder', 'Country code and number');
  });

  it('shows the first validation message in the error line', async () => {
    const dialog = await openDialog();
    type(field(dialog, 'Phone number'), '12');
    type(field(dialog, 'Verification code'), '123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid phone number');
    expect(mocked.login).not.toHaveBeenCalled();
  });

  it('puts the server message of a refused login in the error line', async () => {
    mocked.login.mockRejectedValue(new ApiError('The verification code is incorrect.', 'failure', 1, '/api/user/login'));
    const dialog = await openDialog();
    type(field(dialog, 'Phone number'), '18800000001');
    type(field(dialog, 'Verification code'), '000000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('The verification code is incorrect.'));
    expect(mocked.login).toHaveBeenCalledWith({ account: '18800000001', pwd: '000000', type: 'smsCode', captchaId: undefined });
  });

  it('sends a login code, toasts it, and counts down before it can resend', async () => {
    jest.useFakeTimers();
    try {
      mocked.sendCode.mockResolvedValue(undefined);
      const dialog = await openDialog();
      type(field(dialog, 'Phone number'), '18800000001');
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Get code' })));
      expect(mocked.sendCode).toHaveBeenCalledWith('18800000001', 'login');
      expect(screen.getByText('Sent successfully')).toBeInTheDocument();
      const countdown = within(dialog).getByRole('button', { name: '60s' });
      expect(countdown).toBeDisabled();
      fireEvent.click(countdown);
      expect(mocked.sendCode).toHaveBeenCalledTimes(1);
      act(() => jest.advanceTimersByTime(60_000));
      expect(within(dialog).getByRole('button', { name: 'Resend' })).toBeEnabled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('toasts a failed send as an error and does not start the countdown', async () => {
    mocked.sendCode.mockRejectedValue(new ApiError('Please wait 42 seconds before requesting another code.', 'failure', 1, '/api/user/sendCode'));
    const dialog = await openDialog();
    type(field(dialog, 'Phone number'), '18800000001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Please wait 42 seconds before requesting another code.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Get code' })).toBeEnabled();
  });

  it('asks for the slide captcha before a password login', async () => {
    const dialog = await openDialog();
    type(field(dialog, 'Phone number'), '18800000001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in with password' }));
    expect(within(dialog).getByRole('heading', { name: 'Log in with password' })).toBeInTheDocument();
    expect(field(dialog, 'Phone number')).toHaveValue('188 0000 0001');
    type(field(dialog, 'Password'), 'viewer2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Security check' })).toBeInTheDocument();
    expect(mocked.captchaPath).toHaveBeenCalled();
    expect(mocked.login).not.toHaveBeenCalled();
  });

  it('puts the focus in the first field left to fill when the mode changes, not on the link that changed it', async () => {
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in with password' }));
    expect(field(dialog, 'Phone number')).toHaveFocus();
    type(field(dialog, 'Phone number'), '18800000001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in with a code' }));
    expect(field(dialog, 'Verification code')).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in with password' }));
    expect(field(dialog, 'Password')).toHaveFocus();
  });

  it('shows and hides the password', async () => {
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in with password' }));
    const password = field(dialog, 'Password');
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show Password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('resets to SMS-code login with an empty form when closed', async () => {
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log in with password' }));
    type(field(dialog, 'Phone number'), '18800000001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'open login' }));
    expect(within(dialog).getByRole('heading', { name: 'Log in with a code' })).toBeInTheDocument();
    expect(field(dialog, 'Phone number')).toHaveValue('');
  });

  it('resets a forgotten password in three steps, then returns to password login', async () => {
    jest.useFakeTimers();
    try {
      mocked.readyForTakeOff.mockResolvedValue('proof');
      mocked.forgetPwdHash.mockResolvedValue('Password changed. Please log in with your new password.');
      const dialog = await openDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
      const steps = within(dialog).getByRole('list', { name: 'Password reset steps' });
      expect(within(steps).getByText('Verify phone').closest('li')).toHaveAttribute('aria-current', 'step');

      type(field(dialog, 'Phone number'), '18800000003');
      type(field(dialog, 'Verification code'), '654321');
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Next' })));
      expect(mocked.readyForTakeOff).toHaveBeenCalledWith('18800000003', '654321');
      expect(within(steps).getByText('New password').closest('li')).toHaveAttribute('aria-current', 'step');

      type(field(dialog, 'New password'), 'fresh2026');
      type(field(dialog, 'Confirm new password'), 'fresh2027');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save new password' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('The two password inputs are inconsistent');

      type(field(dialog, 'Confirm new password'), 'fresh2026');
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save new password' })));
      expect(mocked.forgetPwdHash).toHaveBeenCalledWith('18800000003', 'proof', 'fresh2026');
      expect(within(dialog).getByText('Password reset')).toBeInTheDocument();
      expect(screen.queryByText('Password changed. Please log in with your new password.')).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByText('Password changed. Please log in with your new password.')).toBeInTheDocument();

      fireEvent.click(within(dialog).getByRole('button', { name: 'Back to login' }));
      expect(within(dialog).getByRole('heading', { name: 'Log in with password' })).toBeInTheDocument();
      expect(field(dialog, 'Phone number')).toHaveValue('188 0000 0003');
    } finally {
      jest.useRealTimers();
    }
  });
});
