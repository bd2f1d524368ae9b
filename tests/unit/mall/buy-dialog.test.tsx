// The purchase dialog: a quantity within the stock, the total against the balance, too little money says so and
// leads to the recharge page (before asking, and when the server answers 10152), a paid purchase updates the
// wallet, the membership and the backpack and says so, and VIP tells what happens to the current membership.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@/lib/http';
import { getQueryClient } from '@/lib/http/query-client';
import type { MallItemView } from '@/lib/validation/mall';
import type { UserInfo } from '@/lib/validation/users';
import { BuyDialog } from '@/components/mall/buy-dialog';
import * as mallApi from '@/components/mall/mall-api';
import { liveQueryKeys } from '@/components/live/live-api';
import { ToastViewport } from '@/components/shell/toast-viewport';
import { renderWithShell } from '../shell/render-with-shell';

jest.mock('next/navigation', () => jest.requireActual('../shell/navigation-mock').nextNavigationMock);
jest.mock('@/components/mall/mall-api', () => ({ ...jest.requireActual('@/components/mall/mall-api'), buyItem: jest.fn() }));
const buyItem = jest.mocked(mallApi.buyItem);

const bubble: MallItemView = {
  id: 11, tab: 'props', kind: 'item', item_type: 101, props_id: 3, vip_level: 0, period_days: 0, name: 'Sunset bubble',
  description: 'One chat line in a colourful bubble.', icon: 'bubble3', price: 200, currency: 'diamond', quantity: 1, stock: 3,
};
const vip2: MallItemView = { ...bubble, id: 12, tab: 'vip', kind: 'vip', item_type: 0, props_id: 0, vip_level: 2, period_days: 30, name: 'VIP 2 · Duke', icon: 'vip2', price: 80_000, stock: -1 };

const user: UserInfo = {
  id: 5, nick_name: 'Kevin', avatar: '', level: 3, process: 0, remainder: 100, diamond: 500, gold: 0, mobile: '', formatPhone: '', sig: '',
  vip_level: 0, vip_expires_at: 0, role: 'user', is_anchor: 0, has_password: 1, nickname_change_at: 0,
};

beforeEach(() => {
  buyItem.mockReset();
  getQueryClient().clear();
});

it('buys within the stock, with the total, and reports the new count', async () => {
  buyItem.mockResolvedValue({ bal: { diamond: 100, gold: 0 }, backpack: [{ type: 101, props_id: 3, quantity: 7 }], vip_level: 0, vip_expires_at: 0 });
  const onClose = jest.fn();
  renderWithShell(
    <>
      <BuyDialog item={bubble} user={{ ...user, diamond: 1_000 }} onClose={onClose} />
      <ToastViewport />
    </>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Confirm purchase' });
  expect(dialog).toHaveTextContent('2 gems');
  fireEvent.click(screen.getByRole('button', { name: 'One more' }));
  fireEvent.click(screen.getByRole('button', { name: 'One more' }));
  // Three are left: no more than that.
  expect(screen.getByRole('button', { name: 'One more' })).toBeDisabled();
  fireEvent.click(screen.getByRole('button', { name: 'Pay 6 gems' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(buyItem).toHaveBeenCalledWith({ itemId: 11, count: 3, key: expect.stringMatching(/^[0-9a-f]{32}$/) });
  expect(await screen.findByText('Bought Sunset bubble. You now hold 7.')).toBeVisible();
  expect(getQueryClient().getQueryData(liveQueryKeys.backpack(5))).toEqual([{ type: 101, props_id: 3, quantity: 7 }]);
});

it('says the balance is too low and offers the recharge page instead of paying', () => {
  renderWithShell(<BuyDialog item={vip2} user={user} onClose={jest.fn()} />);
  expect(screen.getByRole('alert')).toHaveTextContent('Not enough gems for this purchase.');
  expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  for (const link of screen.getAllByRole('link', { name: 'Recharge' })) expect(link).toHaveAttribute('href', '/user-center/recharge');
});

it('shows the server’s refusal, with the recharge link for 10152', async () => {
  buyItem.mockRejectedValue(new ApiError('Your gem balance is too low. Recharge to continue.', 'failure', 10152, '/api/mall/buy'));
  renderWithShell(<BuyDialog item={bubble} user={user} onClose={jest.fn()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Pay 2 gems' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Your gem balance is too low. Recharge to continue.');
  expect(screen.getByRole('link', { name: 'Recharge' })).toHaveAttribute('href', '/user-center/recharge');
});

it('tells a member what buying another level does', () => {
  const member = { ...user, diamond: 1_000_000, vip_level: 1, vip_expires_at: Math.floor(Date.now() / 1000) + 86_400 };
  renderWithShell(<BuyDialog item={vip2} user={member} onClose={jest.fn()} />);
  expect(screen.getByRole('dialog')).toHaveTextContent('Your VIP 1 ends now and VIP 2 starts today.');
  expect(screen.getByRole('dialog')).toHaveTextContent('30 days');
});
