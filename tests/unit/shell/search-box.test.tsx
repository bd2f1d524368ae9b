import { act, fireEvent, screen } from '@testing-library/react';
import { SearchBox } from '@/components/header/search-box';
import { checkSearchKeyword } from '@/components/header/search-keyword';
import { ToastViewport } from '@/components/shell/toast-viewport';
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
    renderWithShell(
      <>
        <SearchBox />
        <ToastViewport />
      </>,
    );
  });

  it('opens the results page for a keyword of up to 10 characters', () => {
    search('  Arsenal  ');
    expect(router.push).toHaveBeenCalledWith('/keysearch?keyword=Arsenal');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('counts characters, not bytes: ten Chinese characters pass', () => {
    search('曼联对阵利物浦的直播');
    expect(router.push).toHaveBeenCalledWith(`/keysearch?keyword=${encodeURIComponent('曼联对阵利物浦的直播')}`);
  });

  it('refuses 11 characters with a warning and stays on the page', () => {
    search('abcdefghijk');
    expect(router.push).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Search keywords can be at most 10 characters.');
  });

  it('refuses an empty or blank keyword with a warning', () => {
    search('   ');
    expect(router.push).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Please enter a keyword to search.');
  });
});

describe('checkSearchKeyword', () => {
  it('accepts exactly 10 characters and refuses 11', () => {
    expect(checkSearchKeyword('0123456789')).toEqual({ ok: true, keyword: '0123456789' });
    expect(checkSearchKeyword('0123456789a')).toEqual({ ok: false, reason: 'tooLong' });
    expect(checkSearchKeyword('')).toEqual({ ok: false, reason: 'empty' });
  });
});
