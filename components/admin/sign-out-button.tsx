'use client';
// Ends the console session (its session row too) and returns to the console's sign-in.
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { Locale } from '@/lib/i18n/locales';
import { adminRoutes } from '@/lib/routes';
import { postConsole } from './console-fetch';

export function SignOutButton() {
  const t = useTranslations('admin');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        await postConsole('/api/admin/signOut', {}, locale, t('errors.network'));
        router.replace(adminRoutes.signIn);
        router.refresh();
      }}
    >
      {t('nav.signOut')}
    </Button>
  );
}
