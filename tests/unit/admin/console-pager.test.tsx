// The console's one pager (people, applications, moderation log, audit log): hidden on a single page, and the
// links it offers lead to the neighbouring pages.
import { screen } from '@testing-library/react';
import { ConsolePager } from '@/components/admin/console-pager';
import { renderWithShell } from '../shell/render-with-shell';

const href = (page: number) => `/admin/audit?page=${page}`;

describe('ConsolePager', () => {
  it('shows nothing when everything fits on one page', () => {
    const { container } = renderWithShell(<ConsolePager page={1} pages={1} href={href} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('links the previous and next pages from a middle one, and only the next from the first', () => {
    const { unmount } = renderWithShell(<ConsolePager page={2} pages={3} href={href} />);
    expect(screen.getByRole('navigation', { name: 'Page 2 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/admin/audit?page=1');
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/admin/audit?page=3');
    unmount();
    renderWithShell(<ConsolePager page={1} pages={3} href={href} />, 'zh-CN');
    expect(screen.getByRole('navigation', { name: '第 1 / 3 页' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '上一页' })).toBeNull();
    expect(screen.getByRole('link', { name: '下一页' })).toHaveAttribute('href', '/admin/audit?page=2');
  });
});
