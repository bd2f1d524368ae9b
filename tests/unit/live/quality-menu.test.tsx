// The quality menu from the keyboard (issue 18): arrows open it and move between the options, Enter or Space picks
// one, Escape closes, and focus always comes back to the menu's button instead of falling to the page.
import { fireEvent, screen } from '@testing-library/react';
import { QualityMenu } from '@/components/live/player-controls';
import type { Quality } from '@/lib/validation/live';
import { renderWithShell } from '../shell/render-with-shell';
import { quality } from './room-fixtures';

const ladder: Quality[] = [quality('1080p', 'src', 1), quality('720p', '720', 0), quality('480p', '480', 0)];

function renderMenu(current: Quality = ladder[1]) {
  const onSelect = jest.fn();
  const onLocked = jest.fn();
  renderWithShell(<QualityMenu qualities={ladder} current={current} onSelect={onSelect} onLocked={onLocked} />);
  const button = screen.getByRole('button', { name: `Quality: ${current.name}` });
  button.focus();
  return { button, onSelect, onLocked };
}

const option = (name: RegExp) => screen.getByRole('menuitemradio', { name });

describe('QualityMenu from the keyboard', () => {
  it('opens with an arrow on the checked option, moves with the arrows (wrapping), Home and End', () => {
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(option(/720p/)).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(option(/480p/)).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(option(/1080p/)).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(option(/480p/)).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(option(/1080p/)).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(option(/480p/)).toHaveFocus();
  });

  it('picks the focused option (a button: Enter and Space click it) and gives focus back to the menu button', () => {
    const { button, onSelect } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.click(document.activeElement!);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ rendition: '480' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('asks for a ticket when the locked HD is picked, focus back on the button', () => {
    const { button, onLocked, onSelect } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    fireEvent.click(document.activeElement!);
    expect(onLocked).toHaveBeenCalledWith(expect.objectContaining({ rendition: 'src' }));
    expect(onSelect).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
  });

  it('closes on Escape with focus on the button, picking nothing', () => {
    const { button, onSelect } = renderMenu();
    fireEvent.click(button);
    expect(option(/720p/)).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('closes when focus leaves it by Tab', () => {
    renderWithShell(
      <>
        <QualityMenu qualities={ladder} current={ladder[2]} onSelect={jest.fn()} onLocked={jest.fn()} />
        <button type="button">Full screen</button>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Quality: 480p' }));
    const next = screen.getByRole('button', { name: 'Full screen' });
    fireEvent.blur(option(/480p/), { relatedTarget: next });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
