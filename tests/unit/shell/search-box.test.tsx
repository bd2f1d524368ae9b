import { act, fireEvent, screen } from '@testing-library/react';
import { SearchBox } from '@/components/header/search-box';
import { checkSearchKeyword } from '@/lib/search-keyword';
import { router } from './navigation-mock';
import { renderWithShell } from './render-with-shell';

jest.mock('next/navigation', () => jest.requireActual('./navigation-mock').nextNavigationMock);

function search(keyword: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search anchors and live rooms' }), { target: { value: keyword } });
  act(() => fireEvent.submit(screen.getByRole('search')));
}

beforeEach(() => router.push.mockClear());

describe('header search box', () => {
  beforeEach(() => {
    renderWithShell(<SearchBox />);
  });

  const field = () => screen.getByRole('searchbox', { name: 'Search anchors and live rooms' });

  it('opens the results page for a trimmed keyword', () => {
    search('  Arsenal  ');
    expect(router.push).toHaveBeenCalledWith('/keysearch?keyword=Arsenal');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('takes English team names that the 10-character rule refused', () => {
    for (const name of ['Netherlands', 'Switzerland', 'United States']) {
      search(name);
      expect(router.push).toHaveBeenLastCalledWith(`/keysearch?keyword=${encodeURIComponent(name)}`);
    }
  });

  it('counts characters, not bytes: ten Chinese characters pass', () => {
    search('曼联对阵利物浦的直播');
    expect(router.push).toHaveBeenCalledWith(`/keysearch?keyword=${encodeURIComponent('曼联对阵利物浦的直播')}`);
  });

  it('says below the field, while typing, that 11 Chinese characters are over 10, and keeps saying it', () => {
    fireEvent.change(field(), { target: { value: '曼联对阵利物浦的直播间' } });
    expect(screen.getByRole('status')).toHaveTextContent('Search keywords can be at most 10 characters.');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    act(() => fireEvent.submit(screen.getByRole('search')));
    expect(router.push).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('at most 10 characters');
    expect(field()).toHaveValue('曼联对阵利物浦的直播间');
    fireEvent.change(field(), { target: { value: '曼联对阵利物浦' } });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('limits the field to 30 characters and names the limit for a longer Latin keyword', () => {
    expect(field()).toHaveAttribute('maxLength', '30');
    search('a'.repeat(31));
    expect(router.push).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Search keywords can be at most 30 characters.');
  });

  it('refuses an empty or blank keyword, saying so below the field', () => {
    search('   ');
    expect(router.push).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Please enter a keyword to search.');
  });
});

describe('checkSearchKeyword', () => {
  it('allows 10 characters with Chinese in them and 30 without', () => {
    expect(checkSearchKeyword('一二三四五六七八九十')).toEqual({ ok: true, keyword: '一二三四五六七八九十' });
    expect(checkSearchKeyword('一二三四五六七八九十a')).toEqual({ ok: false, reason: 'tooLong', max: 10 });
    expect(checkSearchKeyword('a'.repeat(30))).toEqual({ ok: true, keyword: 'a'.repeat(30) });
    expect(checkSearchKeyword('a'.repeat(31))).toEqual({ ok: false, reason: 'tooLong', max: 30 });
    expect(checkSearchKeyword('')).toEqual({ ok: false, reason: 'empty' });
  });
});
