// A chat line as a viewer sees it: text stays text (no markup from other viewers), props look like props,
// and a room manager gets a menu on other viewers' lines only.
import { cleanup, render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { ChatLineView } from '@/components/chat/chat-line';
import type { ChatLine } from '@/stores/chat-model';
import type { SayMessage } from '@/lib/realtime/protocol';
import { getMessages } from '@/messages/load';

const message: SayMessage = {
  type: 'say', groupId: 'live:1', seq: 4, id: 'm4', user_id: 8, nick_name: 'Rex', avatar: '', level: 12, vip_level: 0, role: 'user',
  content: '<img src=x onerror="alert(1)"> hi', props_type: 0, props_id: 0, send_time: 0,
};

function show(line: ChatLine, onActions?: () => void) {
  return render(
    <NextIntlClientProvider locale="en-US" messages={getMessages('en-US')} timeZone="UTC">
      <ol>
        <ChatLineView line={line} onActions={onActions} />
      </ol>
    </NextIntlClientProvider>,
  );
}

it('shows another viewer’s text as text, with level and name', () => {
  const { container } = show({ kind: 'chat', key: 'say:m4', message, chatType: 2 });
  const line = screen.getByRole('listitem');
  expect(line).toHaveTextContent('Rex<img src=x onerror="alert(1)"> hi');
  expect(container.querySelector('img')).toBeNull();
  expect(within(line).getByRole('img', { name: 'Level 12' })).toBeInTheDocument();
});

it('offers the manager’s menu on other viewers’ lines, not on their own', () => {
  const onActions = jest.fn();
  show({ kind: 'chat', key: 'say:m4', message, chatType: 2 }, onActions);
  screen.getByRole('button', { name: "Actions for Rex's message" }).click();
  expect(onActions).toHaveBeenCalledTimes(1);
});

it('has no menu on the viewer’s own line', () => {
  show({ kind: 'chat', key: 'say:m4', message, chatType: 1 }, jest.fn());
  expect(screen.queryByRole('button')).toBeNull();
});

it('marks a colourful bubble and a speaker, and an aggregated line’s count', () => {
  show({ kind: 'chat', key: 'say:m5', message: { ...message, content: 'so shiny', props_type: 101, props_id: 3, hit: 12 }, chatType: 2 });
  const line = screen.getByRole('listitem');
  expect(line).toHaveAttribute('data-bubble', '3');
  expect(line).toHaveTextContent('so shiny×12');
});

it('says who was banned', () => {
  show({ kind: 'notice', key: 'n', notice: 'banned', name: 'Troll', at: 0, chatType: 3 });
  expect(screen.getByRole('listitem')).toHaveTextContent('Troll was banned by a room manager');
});

it('tags the room’s anchor and the managers, not an anchor visiting another room (issue 18)', () => {
  show({ kind: 'chat', key: 'say:a', message: { ...message, id: 'a', user_id: 1, nick_name: 'Coach', role: 'anchor' }, chatType: 2 });
  expect(screen.getByRole('listitem')).toHaveTextContent('AnchorCoach');
  cleanup();
  show({ kind: 'chat', key: 'say:m', message: { ...message, id: 'm', user_id: 5, nick_name: 'Mei', role: 'manager' }, chatType: 2 });
  expect(screen.getByRole('listitem')).toHaveTextContent('ManagerMei');
  cleanup();
  show({ kind: 'chat', key: 'say:o', message: { ...message, id: 'o', user_id: 6, nick_name: 'Other', role: 'anchor' }, chatType: 2 });
  expect(screen.getByRole('listitem')).toHaveTextContent(/^12Other/);
  expect(screen.queryByText('Anchor')).toBeNull();
});
