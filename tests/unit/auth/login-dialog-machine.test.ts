import {
  canSubmitLogin, dialogMode, forgotStep, initialLoginDialogState, loginDialogReducer, type LoginDialogAction, type LoginDialogState,
} from '@/components/auth/login-dialog-machine';

const run = (...actions: LoginDialogAction[]): LoginDialogState => actions.reduce(loginDialogReducer, initialLoginDialogState);
const type = (field: 'phone' | 'code' | 'passwd' | 'passwd1' | 'passwd2', value: string): LoginDialogAction => ({ type: 'edit', field, value });

describe('login dialog modes', () => {
  it('opens on SMS-code login (mode 2) with an empty form', () => {
    expect(initialLoginDialogState.mode).toBe(dialogMode.smsCode);
    expect(initialLoginDialogState.mode).toBe(2);
    expect(initialLoginDialogState.form).toEqual({ phone: '', code: '', passwd: '', passwd1: '', passwd2: '' });
  });

  it('goes from SMS (2) to password (1) and back, keeping the phone and dropping the rest', () => {
    const password = run(type('phone', '188 0000 0001'), type('code', '123456'), { type: 'usePassword' });
    expect(password.mode).toBe(1);
    expect(password.form).toMatchObject({ phone: '188 0000 0001', code: '' });
    const back = loginDialogReducer({ ...password, form: { ...password.form, passwd: 'abc123' } }, { type: 'useSmsCode' });
    expect(back.mode).toBe(2);
    expect(back.form).toMatchObject({ phone: '188 0000 0001', passwd: '' });
  });

  it('reaches forgot-password step 1 from either login mode', () => {
    expect(run({ type: 'forgotPassword' })).toMatchObject({ mode: 3, step: 1 });
    expect(run({ type: 'usePassword' }, { type: 'forgotPassword' })).toMatchObject({ mode: 3, step: 1 });
  });

  it('walks the forgot-password steps: verified code → new password → success → password login', () => {
    const verified = run({ type: 'forgotPassword' }, type('phone', '18800000003'), type('code', '123456'), { type: 'submit' }, { type: 'codeVerified', mobileHash: 'proof' });
    expect(verified).toMatchObject({ mode: 3, step: forgotStep.newPassword, mobileHash: 'proof', pending: false });
    const changed = loginDialogReducer(loginDialogReducer(verified, { type: 'submit' }), { type: 'passwordChanged' });
    expect(changed).toMatchObject({ step: forgotStep.done, mobileHash: '', pending: false });
    const login = loginDialogReducer(changed, { type: 'backToLogin' });
    expect(login).toMatchObject({ mode: dialogMode.password, form: { phone: '18800000003', passwd: '' } });
  });

  it('lets step 2 return to step 1, which then needs a new code', () => {
    const verified = run({ type: 'forgotPassword' }, type('code', '123456'), { type: 'codeVerified', mobileHash: 'proof' }, type('passwd1', 'abc123'));
    const back = loginDialogReducer(verified, { type: 'backToVerify' });
    expect(back).toMatchObject({ step: 1, mobileHash: '', form: { code: '', passwd1: '' } });
  });

  it('ignores steps taken out of order', () => {
    const stepOne = run({ type: 'forgotPassword' });
    expect(loginDialogReducer(stepOne, { type: 'passwordChanged' })).toBe(stepOne);
    expect(loginDialogReducer(stepOne, { type: 'backToVerify' })).toBe(stepOne);
    const sms = run();
    expect(loginDialogReducer(sms, { type: 'codeVerified', mobileHash: 'x' })).toBe(sms);
    expect(loginDialogReducer(sms, { type: 'askCaptcha' })).toBe(sms);
  });

  it('closing from anywhere resets to mode 2 with an empty form', () => {
    const deep = run({ type: 'forgotPassword' }, type('phone', '18800000003'), { type: 'codeVerified', mobileHash: 'proof' }, type('passwd1', 'abc123'));
    expect(loginDialogReducer(deep, { type: 'close' })).toEqual(initialLoginDialogState);
  });
});

describe('login dialog requests', () => {
  it('shows a failure in the error line and clears it when the user types again', () => {
    const failed = run(type('phone', '1'), { type: 'submit' }, { type: 'fail', error: 'Please enter a valid phone number' });
    expect(failed).toMatchObject({ pending: false, error: 'Please enter a valid phone number' });
    expect(loginDialogReducer(failed, type('phone', '18')).error).toBe('');
  });

  it('does not switch modes while a request runs', () => {
    const pending = run({ type: 'submit' });
    expect(loginDialogReducer(pending, { type: 'usePassword' })).toBe(pending);
    expect(loginDialogReducer(pending, { type: 'forgotPassword' })).toBe(pending);
  });

  it('opens the captcha only for a password login, and a failed login closes it', () => {
    const asked = run({ type: 'usePassword' }, { type: 'askCaptcha' });
    expect(asked.captchaOpen).toBe(true);
    expect(loginDialogReducer(asked, { type: 'captchaClosed' }).captchaOpen).toBe(false);
    expect(loginDialogReducer(asked, { type: 'fail', error: 'Incorrect phone number or password.' }).captchaOpen).toBe(false);
  });

  it('enables the login button only with phone plus code, or phone plus password', () => {
    expect(canSubmitLogin(run(type('phone', '18800000001')))).toBe(false);
    expect(canSubmitLogin(run(type('phone', '18800000001'), type('code', '  ')))).toBe(false);
    expect(canSubmitLogin(run(type('phone', '18800000001'), type('code', '123456')))).toBe(true);
    expect(canSubmitLogin(run(type('code', '123456')))).toBe(false);
    expect(canSubmitLogin(run({ type: 'usePassword' }, type('phone', '18800000001'), type('passwd', 'viewer2026')))).toBe(true);
    expect(canSubmitLogin(run({ type: 'usePassword' }, type('phone', '18800000001'), type('passwd', 'viewer2026'), { type: 'submit' }))).toBe(false);
  });
});
