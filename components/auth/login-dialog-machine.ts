// The login dialog's modes as one reducer (spec §2.4 item 1, §4): SMS code (2) ⇄ password (1); either leads to
// forgot-password (3), whose steps go phone verification (1) → new password (2) → success (3), step 2 may go
// back to step 1, and success leads back to password login. Closing resets to mode 2 with an empty form.

/** Spec §2.4 item 1: the mode numbers are the spec's (and the login request's `login_type` for 1 and 2). */
export const dialogMode = { password: 1, smsCode: 2, forgotPassword: 3 } as const;
type DialogMode = (typeof dialogMode)[keyof typeof dialogMode];

export const forgotStep = { verifyPhone: 1, newPassword: 2, done: 3 } as const;
type ForgotStep = (typeof forgotStep)[keyof typeof forgotStep];

/** Spec §3 login form. */
type LoginForm = { phone: string; code: string; passwd: string; passwd1: string; passwd2: string };
export type LoginField = keyof LoginForm;

export type LoginDialogState = {
  mode: DialogMode;
  step: ForgotStep;
  form: LoginForm;
  /** The error line: the server's msg or the first validation message, already in the user's language. */
  error: string;
  /** A request is under way: the submit button waits. */
  pending: boolean;
  /** Password login: the slide captcha is open and must succeed before the login request. */
  captchaOpen: boolean;
  /** Forgot-password step 1's proof of the phone, spent by step 2. */
  mobileHash: string;
};

export type LoginDialogAction =
  | { type: 'usePassword' }
  | { type: 'useSmsCode' }
  | { type: 'forgotPassword' }
  | { type: 'edit'; field: LoginField; value: string }
  | { type: 'submit' }
  | { type: 'fail'; error: string }
  | { type: 'askCaptcha' }
  | { type: 'captchaClosed' }
  | { type: 'codeVerified'; mobileHash: string }
  | { type: 'passwordChanged' }
  | { type: 'backToVerify' }
  | { type: 'backToLogin' }
  | { type: 'close' };

const emptyForm: LoginForm = { phone: '', code: '', passwd: '', passwd1: '', passwd2: '' };

export const initialLoginDialogState: LoginDialogState = {
  mode: dialogMode.smsCode,
  step: forgotStep.verifyPhone,
  form: emptyForm,
  error: '',
  pending: false,
  captchaOpen: false,
  mobileHash: '',
};

const inForgot = (state: LoginDialogState, step: ForgotStep) => state.mode === dialogMode.forgotPassword && state.step === step;

/** A mode change keeps the phone (the visitor typed it once) and drops everything else. */
function switchTo(state: LoginDialogState, mode: DialogMode, keep: Partial<LoginForm> = {}): LoginDialogState {
  return { ...initialLoginDialogState, mode, form: { ...emptyForm, phone: state.form.phone, ...keep } };
}

export function loginDialogReducer(state: LoginDialogState, action: LoginDialogAction): LoginDialogState {
  // While a request runs, only its outcome (and closing) may change the dialog.
  const settling = ['fail', 'askCaptcha', 'codeVerified', 'passwordChanged', 'close'].includes(action.type);
  if (state.pending && !settling) return state;
  switch (action.type) {
    case 'usePassword':
      return state.mode === dialogMode.smsCode ? switchTo(state, dialogMode.password) : state;
    case 'useSmsCode':
      return state.mode === dialogMode.password ? switchTo(state, dialogMode.smsCode) : state;
    case 'forgotPassword':
      return state.mode === dialogMode.forgotPassword ? state : switchTo(state, dialogMode.forgotPassword);
    case 'edit':
      return { ...state, form: { ...state.form, [action.field]: action.value }, error: '' };
    case 'submit':
      return { ...state, pending: true, error: '' };
    case 'fail':
      return { ...state, pending: false, captchaOpen: false, error: action.error };
    case 'askCaptcha':
      return state.mode === dialogMode.password ? { ...state, pending: false, error: '', captchaOpen: true } : state;
    case 'captchaClosed':
      return { ...state, captchaOpen: false };
    case 'codeVerified':
      return inForgot(state, forgotStep.verifyPhone)
        ? { ...state, step: forgotStep.newPassword, mobileHash: action.mobileHash, pending: false, error: '' }
        : state;
    case 'passwordChanged':
      return inForgot(state, forgotStep.newPassword)
        ? { ...state, step: forgotStep.done, form: { ...emptyForm, phone: state.form.phone }, mobileHash: '', pending: false, error: '' }
        : state;
    case 'backToVerify':
      return inForgot(state, forgotStep.newPassword)
        ? { ...state, step: forgotStep.verifyPhone, form: { ...state.form, code: '', passwd1: '', passwd2: '' }, mobileHash: '', error: '' }
        : state;
    case 'backToLogin':
      return state.mode === dialogMode.forgotPassword ? switchTo(state, dialogMode.password) : state;
    case 'close':
      return initialLoginDialogState;
  }
}

/** Spec §5: the login button is enabled only with phone plus code, or phone plus password (values trimmed). */
export function canSubmitLogin(state: LoginDialogState): boolean {
  if (state.pending || !state.form.phone.trim()) return false;
  if (state.mode === dialogMode.smsCode) return state.form.code.trim() !== '';
  if (state.mode === dialogMode.password) return state.form.passwd.trim() !== '';
  return false;
}
