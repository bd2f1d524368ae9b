// Renders a shell component as the root layout would: messages of one locale and the per-request stores.
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { AppProviders } from '@/components/providers/app-providers';
import type { Locale } from '@/lib/i18n/locales';
import { getMessages } from '@/messages/load';

export function ShellProviders({ children, locale = 'en-US' }: { children: ReactNode; locale?: Locale }) {
  return (
    <NextIntlClientProvider locale={locale} messages={getMessages(locale)} timeZone="UTC">
      <AppProviders>{children}</AppProviders>
    </NextIntlClientProvider>
  );
}

export function renderWithShell(ui: ReactElement, locale: Locale = 'en-US') {
  return render(<ShellProviders locale={locale}>{ui}</ShellProviders>);
}
