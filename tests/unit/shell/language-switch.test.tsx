import { fireEvent, screen } from '@testing-library/react';
import { LanguageSwitch } from '@/components/header/language-switch';
import { router } from './navigation-mock';
import { renderWithShell } from './render-with-shell';

jest.mock('next/navigation', () => jest.requireActual('./navigation-mock').nextNavigationMock);

describe('language switch', () => {
  beforeEach(() => {
    router.refresh.mockClear();
    localStorage.clear();
    document.cookie = 'lang=; max-age=0; path=/';
  });

  it('stores Chinese in localStorage and the lang cookie, then re-renders the page', () => {
    renderWithShell(<LanguageSwitch locale="en-US" />);
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: '中' }));
    expect(localStorage.getItem('language')).toBe('zh-CN');
    expect(document.cookie).toContain('lang=zh-CN');
    expect(router.refresh).toHaveBeenCalledTimes(1);
  });

  it('draws 中 instead of typesetting it, so an English page asks for no Chinese font', () => {
    renderWithShell(<LanguageSwitch locale="en-US" />);
    const chinese = screen.getByRole('button', { name: '中' });
    expect(chinese).toHaveAttribute('lang', 'zh-CN');
    expect(chinese.textContent).toBe('');
    expect(chinese.querySelector('svg')).not.toBeNull();
  });

  it('does nothing when the current language is chosen again', () => {
    renderWithShell(<LanguageSwitch locale="zh-CN" />, 'zh-CN');
    fireEvent.click(screen.getByRole('button', { name: '中' }));
    expect(localStorage.getItem('language')).toBeNull();
    expect(router.refresh).not.toHaveBeenCalled();
  });
});
