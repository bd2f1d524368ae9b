import { act, fireEvent, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { Header, type HeaderProps } from '@/components/header/header';
import type { HeaderConfig } from '@/components/header/header-items';
import { useSessionStore } from '@/stores/session-store';
import { useUnreadStore } from '@/stores/unread-store';
import { navigation } from './navigation-mock';
import { renderWithShell } from './render-with-shell';

jest.mock('next/navigation', () => jest.requireActual('./navigation-mock').nextNavigationMock);

const allOn: HeaderConfig = {
  worldcup_thematic_toggle: 1,
  private_message_toggle: 1,
  live_preview_switch: 1,
  talent_list_status: 1,
  lottery_switch: 1,
  ticket_switch: 1,
  checkin_switch: 1,
  dialog_daily_times: 1,
  h5_domain: '',
};

function renderHeader(overrides: Partial<HeaderConfig> = {}, props: Partial<HeaderProps> = {}) {
  return renderWithShell(
    <Header
      brandName="SportCast"
      logo="/brands/sportcast.svg"
      rootShowsLive={false}
      locale="en-US"
      config={{ ...allOn, ...overrides }}
      variant="standard"
      {...props}
    />,
  );
}

const tabNames = () => within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link').map((link) => link.textContent);

beforeEach(() => {
  navigation.pathname = '/home';
});

describe('Header', () => {
  it('shows every tab in spec order, then rankings, games and tickets, when all switches are on', () => {
    renderHeader();
    expect(tabNames()).toEqual([
      'Home', 'Live', 'Schedule', 'News', 'Activities', 'Mall', 'Notices', 'Replays', 'World Cup', 'Messages', 'Live preview',
      'Rankings', 'Games(opens in a new window)', 'Tickets',
    ]);
    expect(screen.getByRole('button', { name: 'Check in' })).toBeInTheDocument();
  });

  it.each([
    ['worldcup_thematic_toggle', 'World Cup'],
    ['live_preview_switch', 'Live preview'],
    ['talent_list_status', 'Rankings'],
    ['lottery_switch', 'Games(opens in a new window)'],
    ['ticket_switch', 'Tickets'],
  ] as const)('hides the %s entry when that switch is off', (key, label) => {
    renderHeader({ [key]: 0 });
    expect(tabNames()).not.toContain(label);
    expect(tabNames()).toHaveLength(13);
  });

  it('hides the check-in button when checkin_switch is off', () => {
    renderHeader({ checkin_switch: 0 });
    expect(screen.queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
  });

  it('always shows private chat in the standard build, even with private_message_toggle off', () => {
    renderHeader({ private_message_toggle: 0 }, { variant: 'standard' });
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/user-center/privateChat');
  });

  it('in the SEM build, shows private chat only when private_message_toggle is on', () => {
    const { unmount } = renderHeader({ private_message_toggle: 0 }, { variant: 'sem' });
    expect(screen.queryByRole('link', { name: 'Messages' })).not.toBeInTheDocument();
    unmount();
    renderHeader({ private_message_toggle: 1 }, { variant: 'sem' });
    expect(screen.getByRole('link', { name: 'Messages' })).toBeInTheDocument();
  });

  it('links live replay with ?replay=1 and opens games in a new window', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Replays' })).toHaveAttribute('href', '/liveMatchesReplay?replay=1');
    const games = screen.getByRole('link', { name: /Games/ });
    expect(games).toHaveAttribute('href', '/game');
    expect(games).toHaveAttribute('target', '_blank');
  });

  it('marks the tab of the current page, including its detail pages', () => {
    navigation.pathname = '/news_detail/12';
    renderHeader();
    expect(screen.getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('marks Live on "/" for a brand whose root is the live page', () => {
    navigation.pathname = '/';
    renderHeader({}, { rootShowsLive: true });
    expect(screen.getByRole('link', { name: 'Live' })).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    [0, null],
    [7, '7'],
    [99, '99'],
    [100, '99+'],
  ])('shows %i unread private messages as %s', (count, badge) => {
    function SetUnread() {
      const setUnread = useUnreadStore((state) => state.setPrivateChatUnread);
      useEffect(() => setUnread(count), [setUnread]);
      return null;
    }
    renderWithShell(
      <>
        <SetUnread />
        <Header brandName="SportCast" logo="/brands/sportcast.svg" rootShowsLive={false} locale="en-US" config={allOn} variant="standard" />
      </>,
    );
    const tab = screen.getByRole('link', { name: /Messages/ });
    if (badge === null) expect(tab).toHaveTextContent(/^Messages$/);
    else expect(tab).toHaveTextContent(`Messages${badge}`);
  });

  /** The standard header for a visitor, and whether the login dialog is asked for now. */
  function renderWatchingLogin(): () => boolean {
    let loginOpen = false;
    function WatchLogin() {
      loginOpen = useSessionStore((state) => state.loginDialogOpen);
      return null;
    }
    renderWithShell(
      <>
        <WatchLogin />
        <Header brandName="SportCast" logo="/brands/sportcast.svg" rootShowsLive={false} locale="en-US" config={allOn} variant="standard" />
      </>,
    );
    return () => loginOpen;
  }

  it('opens the login dialog from the login button', () => {
    const loginOpen = renderWatchingLogin();
    expect(loginOpen()).toBe(false);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Log in' })));
    expect(loginOpen()).toBe(true);
  });

  it('opens the login dialog when a visitor presses check-in (spec §5: check-in needs a login)', () => {
    const loginOpen = renderWatchingLogin();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Check in' })));
    expect(loginOpen()).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Daily check-in' })).not.toBeInTheDocument();
  });
});
