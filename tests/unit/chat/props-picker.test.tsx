// The props picker shows what the viewer holds: counts from the backpack, props they lack disabled, the room
// manager's free speaker, and a way to the mall.
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { PropsPicker } from '@/components/chat/props-picker';
import { liveQueryKeys } from '@/components/live/live-api';
import type { ChatRole } from '@/lib/realtime/protocol';
import { getMessages } from '@/messages/load';

afterEach(cleanup);

function show(role: ChatRole, backpack: { type: number; props_id: number; quantity: number }[], onSelect = jest.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(liveQueryKeys.backpack(7), backpack);
  render(
    <QueryClientProvider client={client}>
      <NextIntlClientProvider locale="en-US" messages={getMessages('en-US')} timeZone="UTC">
        <PropsPicker viewer={{ id: 7, role }} selected={{ props_type: 0, props_id: 0 }} onSelect={onSelect} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
  return onSelect;
}

it('counts each prop the viewer holds and disables the ones they lack', () => {
  const onSelect = show('user', [
    { type: 101, props_id: 3, quantity: 4 },
    { type: 105, props_id: 0, quantity: 9 },
  ]);
  const sunset = screen.getByRole('button', { name: /Sunset/ });
  expect(sunset).toBeEnabled();
  expect(sunset).toHaveTextContent('×4');
  for (const name of [/Sky/, /Royal/, /Speaker/]) {
    expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getByRole('button', { name })).toHaveTextContent('None left');
  }
  sunset.click();
  expect(onSelect).toHaveBeenCalledWith({ props_type: 101, props_id: 3 });
  expect(screen.getByRole('link', { name: 'Get more in the mall' })).toHaveAttribute('href', '/mall');
});

it('leaves the speaker free for a room manager, but not the bubbles', () => {
  show('manager', []);
  expect(screen.getByRole('button', { name: /Speaker/ })).toBeEnabled();
  expect(screen.getByRole('button', { name: /Speaker/ })).toHaveTextContent('Free for room managers');
  expect(screen.getByRole('button', { name: /Sky/ })).toBeDisabled();
});
