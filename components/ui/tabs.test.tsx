// The tab list a match page, the chat panel and the start-live dialog share: the selection follows clicks and the
// arrow, Home and End keys, and Tab stops only on the selected tab.
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Tabs } from './tabs';

const items = [
  { id: 'commentary', label: 'Live text' },
  { id: 'stats', label: 'Stats' },
  { id: 'lineups', label: 'Line-ups' },
] as const;
type Id = (typeof items)[number]['id'];

function Harness({ onChange, disabled }: { onChange?: (id: Id) => void; disabled?: boolean }) {
  const [value, setValue] = useState<Id>('commentary');
  return (
    <>
      <Tabs
        items={items}
        value={value}
        onChange={(id) => {
          setValue(id);
          onChange?.(id);
        }}
        label="Match"
        tabId={(id) => `tab-${id}`}
        panelId={(id) => `panel-${id}`}
        disabled={disabled}
      />
      <div role="tabpanel" id={`panel-${value}`} aria-labelledby={`tab-${value}`}>
        {value}
      </div>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('names the list and ties each tab to its panel', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Match' })).toBeInTheDocument();
    expect(tab('Stats')).toHaveAttribute('aria-controls', 'panel-stats');
    expect(screen.getByRole('tabpanel', { name: 'Live text' })).toHaveTextContent('commentary');
  });

  it('selects the tab that is clicked, and only that one', () => {
    render(<Harness />);
    fireEvent.click(tab('Line-ups'));
    expect(tab('Line-ups')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Live text')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('lineups');
  });

  it('lets Tab stop on the selected tab only', () => {
    render(<Harness />);
    expect(tab('Live text')).toHaveAttribute('tabindex', '0');
    expect(tab('Stats')).toHaveAttribute('tabindex', '-1');
    expect(tab('Line-ups')).toHaveAttribute('tabindex', '-1');
  });

  it('moves the selection and the focus with the arrow keys, wrapping at the ends', () => {
    render(<Harness />);
    tab('Live text').focus();
    fireEvent.keyDown(tab('Live text'), { key: 'ArrowRight' });
    expect(tab('Stats')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Stats')).toHaveFocus();
    fireEvent.keyDown(tab('Stats'), { key: 'ArrowLeft' });
    fireEvent.keyDown(tab('Live text'), { key: 'ArrowLeft' });
    expect(tab('Line-ups')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Line-ups')).toHaveFocus();
  });

  it('jumps to the first and last tab with Home and End', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.keyDown(tab('Live text'), { key: 'End' });
    expect(tab('Line-ups')).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tab('Line-ups'), { key: 'Home' });
    expect(tab('Live text')).toHaveAttribute('aria-selected', 'true');
    expect(onChange.mock.calls).toEqual([['lineups'], ['commentary']]);
  });

  it('ignores other keys', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.keyDown(tab('Live text'), { key: 'a' });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('cannot be switched while disabled', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} disabled />);
    fireEvent.click(tab('Stats'));
    expect(onChange).not.toHaveBeenCalled();
    expect(tab('Live text')).toHaveAttribute('aria-selected', 'true');
  });
});
