import { fireEvent, screen, within } from '@testing-library/react';
import { UserCardPanel } from '@/components/user/user-card';
import type { UserInfo } from '@/lib/validation/users';
import { formatBalance, maskMiddleFour, nextLevel, twoDigitLevel, vipProgressPercent } from '@/components/user/user-numbers';
import { renderWithShell } from '../shell/render-with-shell';

jest.mock('next/navigation', () => jest.requireActual('../shell/navigation-mock').nextNavigationMock);

const kevin: UserInfo = {
  id: 10001,
  nick_name: 'Kevin_88',
  avatar: '',
  level: 6,
  process: 300,
  remainder: 500,
  diamond: 128_800,
  gold: 56_050,
  mobile: '18800000001',
  formatPhone: '188****0001',
  sig: '',
  vip_level: 1,
  vip_expires_at: 0,
  role: 'user',
  is_anchor: 0,
  has_password: 1,
  nickname_change_at: 0,
};

function renderPanel(user: UserInfo, options: { isLive?: boolean; locale?: 'en-US' | 'zh-CN' } = {}) {
  const onLogout = jest.fn();
  renderWithShell(<UserCardPanel user={user} isLive={options.isLive ?? false} onNavigate={() => {}} onLogout={onLogout} loggingOut={false} />, options.locale);
  return { onLogout };
}

describe('user card numbers', () => {
  it('shows VIP progress as process / (process + remainder)', () => {
    expect(vipProgressPercent(300, 500)).toBe(37);
    expect(vipProgressPercent(0, 700)).toBe(0);
    expect(vipProgressPercent(5, 0)).toBe(100);
    expect(vipProgressPercent(0, 0)).toBe(0);
  });

  it('divides balances by 100', () => {
    expect(formatBalance(128_800, 'en-US')).toBe('1,288');
    expect(formatBalance(56_050, 'en-US')).toBe('560.5');
    expect(formatBalance(5, 'en-US')).toBe('0.05');
    expect(formatBalance(0, 'zh-CN')).toBe('0');
  });

  it('masks the middle four digits of the phone', () => {
    expect(maskMiddleFour('18800000001')).toBe('188****0001');
    expect(maskMiddleFour('447700900123')).toBe('447****00123');
    expect(maskMiddleFour('12345')).toBe('*****');
  });

  it('writes levels with two digits and names the next one', () => {
    expect(twoDigitLevel(6)).toBe('06');
    expect(twoDigitLevel(18)).toBe('18');
    expect(nextLevel(6)).toBe(7);
    expect(nextLevel(21)).toBeNull();
  });
});

describe('user card panel', () => {
  it('shows the nickname, level, ID, VIP progress and both balances', () => {
    renderPanel(kevin);
    expect(screen.getByText('Kevin_88')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Level 6' })).toBeInTheDocument();
    expect(screen.getByText('ID: 10001')).toBeInTheDocument();
    expect(screen.getByText('188****0001')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'VIP progress' })).toHaveAttribute('aria-valuenow', '37');
    expect(screen.getByText('VIP 06')).toBeInTheDocument();
    expect(screen.getByText('VIP 07')).toBeInTheDocument();
    const gems = screen.getByText('Gems').closest('div');
    const diamonds = screen.getByText('Diamonds').closest('div');
    expect(within(gems!).getByText('1,288')).toBeInTheDocument();
    expect(within(diamonds!).getByText('560.5')).toBeInTheDocument();
  });

  it('links to the personal centre, followed anchors and the anchor application for a viewer', () => {
    renderPanel(kevin);
    expect(screen.getByRole('link', { name: 'Personal centre' })).toHaveAttribute('href', '/user-center/index');
    expect(screen.getByRole('link', { name: 'My followed' })).toHaveAttribute('href', '/user-center/focus');
    expect(screen.getByRole('link', { name: 'Start live' })).toHaveAttribute('href', '/user-center/apply-anchor');
  });

  it('offers a live anchor their own room', () => {
    renderPanel({ ...kevin, id: 20002, is_anchor: 1 }, { isLive: true });
    expect(screen.getByRole('link', { name: 'Live now' })).toHaveAttribute('href', '/liveMatchesTwo/20002');
  });

  it('shows a full bar and no next level at the top level', () => {
    renderPanel({ ...kevin, level: 21, process: 40, remainder: 0 });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Top level')).toBeInTheDocument();
  });

  it('speaks Chinese in zh-CN', () => {
    renderPanel(kevin, { locale: 'zh-CN' });
    expect(screen.getByText('宝石')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '个人中心' })).toBeInTheDocument();
  });

  it('logs out from its button', () => {
    const { onLogout } = renderPanel(kevin);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
