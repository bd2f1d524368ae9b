import { act, fireEvent, screen } from '@testing-library/react';
import { BackToTop } from '@/components/shell/back-to-top';
import { navigation } from './navigation-mock';
import { renderWithShell } from './render-with-shell';

jest.mock('next/navigation', () => jest.requireActual('./navigation-mock').nextNavigationMock);
// The QR generator loads lazily in the browser; here a placeholder stands in for it.
jest.mock('@/components/shell/qr-code', () => ({ QrCode: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    jest.advanceTimersByTime(20);
  });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('back-to-top rail', () => {
  it('appears on home only after scrolling more than 400 px', () => {
    navigation.pathname = '/home';
    renderWithShell(<BackToTop h5Domain="m.example.com" weibo="" />);
    scrollTo(400);
    expect(screen.queryByRole('complementary', { name: 'Quick links' })).not.toBeInTheDocument();
    scrollTo(401);
    expect(screen.getByRole('complementary', { name: 'Quick links' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/about/3');
  });

  it('shows on match detail but not on other pages', () => {
    navigation.pathname = '/scheduleDetail/12/1';
    const { unmount } = renderWithShell(<BackToTop h5Domain="" weibo="" />);
    scrollTo(800);
    expect(screen.getByRole('complementary', { name: 'Quick links' })).toBeInTheDocument();
    unmount();
    navigation.pathname = '/news';
    renderWithShell(<BackToTop h5Domain="" weibo="" />);
    scrollTo(800);
    expect(screen.queryByRole('complementary', { name: 'Quick links' })).not.toBeInTheDocument();
  });

  it('opens the download panel on hover and hides it 100 ms after the pointer leaves', () => {
    navigation.pathname = '/home';
    renderWithShell(<BackToTop h5Domain="m.example.com" weibo="https://weibo.com/sportcast" />);
    scrollTo(500);
    const app = screen.getByRole('link', { name: 'App' });
    fireEvent.mouseEnter(app.parentElement!);
    expect(screen.getByRole('img', { name: 'QR code of the app download page' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of our social media account' })).toBeInTheDocument();
    fireEvent.mouseLeave(app.parentElement!);
    act(() => jest.advanceTimersByTime(99));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('leaves out the social code when weibo is not configured', () => {
    navigation.pathname = '/home';
    renderWithShell(<BackToTop h5Domain="" weibo="" />);
    scrollTo(500);
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'App' }).parentElement!);
    expect(screen.getByRole('img', { name: 'QR code of the app download page' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code of our social media account' })).not.toBeInTheDocument();
  });
});
