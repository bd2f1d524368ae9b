'use client';
// The login flow (spec §4): the SMS-code login submits at once; a 301 reply registers the phone with the
// §3 registration payload. A password login runs after the slide captcha, with its id. On success the token,
// id and user info are stored, the user info is refreshed and the page reloads.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { ApiError, regSourceHeader, saveStoredSession, unregisteredMobileHash } from '@/lib/http';
import { useToast } from '@/stores/toast-store';
import { userInfoQuery } from '@/components/user/user-api';
import { writeStoredUserInfo } from '@/components/user/user-info';
import type { SignedIn } from '@/lib/validation/users';
import { login, register } from './auth-api';
import { errorText } from '@/lib/http/error-text';
import { anchorIdFromPath } from './phone-input';

/** Long enough to read "registration successful" before the page reloads. */
const registeredNoticeMs = 800;

export type SignInRequest = { account: string; secret: string; type: 'smsCode' | 'password'; captchaId?: string };

/** Resolves when the page is about to reload; rejects with the sentence for the error line. */
export function useSignIn(regSource: string): (request: SignInRequest) => Promise<void> {
  const t = useTranslations('account.dialog');
  const showToast = useToast();
  const queryClient = useQueryClient();

  async function finish(session: SignedIn) {
    const { token, ...userInfo } = session;
    saveStoredSession({ token, id: userInfo.id, userInfo });
    try {
      writeStoredUserInfo(await queryClient.fetchQuery({ ...userInfoQuery, staleTime: 0 }));
    } catch {
      // The login reply's copy is already stored; the page after the reload refreshes it again.
    }
  }

  return async function signIn(request: SignInRequest) {
    let session: SignedIn;
    try {
      session = await login({ account: request.account, pwd: request.secret, type: request.type, captchaId: request.captchaId });
    } catch (error) {
      const mobileHash = unregisteredMobileHash(error);
      if (!mobileHash) throw new Error(errorText(error, t('requestFailed')));
      try {
        session = await register({
          account: request.account,
          mobileHash,
          regSource: regSourceHeader(regSource),
          anchorId: anchorIdFromPath(location.pathname),
        });
      } catch (registerError) {
        // Spec §8: the server's reason when it gave one, else "registration failed, please try again later".
        throw new Error(registerError instanceof ApiError && registerError.kind === 'failure' ? registerError.message : t('registerFailed'));
      }
      await finish(session);
      showToast(t('registered'), 'success');
      await new Promise((resolve) => setTimeout(resolve, registeredNoticeMs));
      location.reload();
      return;
    }
    await finish(session);
    location.reload();
  }
}
