// The personal centre's nickname change (spec §5: 2–8 characters, then locked for 7 days): Save first asks, saying
// the nickname locks for 7 days; only the yes sends it, and Cancel leaves the nickname as it was.
import { useEffect } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as userApi from '@/components/user/user-api';
import type { UserInfo } from '@/lib/validation/users';
import { ToastViewport } from '@/components/shell/toast-viewport';
import { ProfilePanel } from '@/components/user-center/profile-panel';
import { useUserStore } from '@/stores/user-store';
import { renderWithShell } from '../shell/render-with-shell';

jest.mock('next/navigation', () => jest.requireActual('../shell/navigation-mock').nextNavigationMock);
jest.mock('@/components/user/user-api', () => ({ ...jest.requireActual('@/components/user/user-api'), updateNickname: jest.fn() }));
const updateNickname = jest.mocked(userApi.updateNickname);

const fan: UserInfo = {
  id: 10001, nick_name: 'Kevin_88', avatar: '', level: 6, process: 300, remainder: 500, diamond: 0, gold: 0, mobile: '18800000001',
  formatPhone: '188****0001', sig: '', vip_level: 0, vip_expires_at: 0, role: 'user', is_anchor: 0, has_password: 1, nickname_change_at: 0,
};

function SignedIn() {
  const setUserInfo = useUserStore((state) => state.setUserInfo);
  const markRestored = useUserStore((state) => state.markRestored);
  useEffect(() => {
    setUserInfo(fan);
    markRestored();
  }, [setUserInfo, markRestored]);
  return (
    <>
      <ProfilePanel />
      <ToastViewport />
    </>
  );
}

async function nicknameForm(locale: 'en-US' | 'zh-CN' = 'en-US') {
  renderWithShell(<SignedIn />, locale);
  return screen.findByRole('form', { name: locale === 'en-US' ? 'Nickname' : '昵称' });
}

beforeEach(() => updateNickname.mockReset());

describe('nickname change', () => {
  it('asks before saving, saying the nickname then locks for 7 days, and saves on yes', async () => {
    updateNickname.mockResolvedValue('Goal_Fan');
    const form = await nicknameForm();
    fireEvent.change(within(form).getByLabelText('New nickname'), { target: { value: 'Goal_Fan' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const question = within(form).getByRole('group', { name: /Change your nickname to “Goal_Fan”\?/ });
    expect(question).toHaveTextContent('You cannot change it again for 7 days.');
    expect(updateNickname).not.toHaveBeenCalled();
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(within(question).getByRole('button', { name: 'Change nickname' }));
    await waitFor(() => expect(updateNickname).toHaveBeenCalledWith('Goal_Fan'));
    expect(await screen.findByText('Nickname saved')).toBeInTheDocument();
  });

  it('keeps the nickname when the viewer cancels', async () => {
    const form = await nicknameForm();
    const field = within(form).getByLabelText('New nickname');
    fireEvent.change(field, { target: { value: 'Goal_Fan' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(form).queryByRole('group')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(field).toBeEnabled();
    expect(updateNickname).not.toHaveBeenCalled();
  });

  it('asks in Chinese on the Chinese site', async () => {
    const form = await nicknameForm('zh-CN');
    fireEvent.change(within(form).getByLabelText('新昵称'), { target: { value: '球迷小王' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    expect(within(form).getByRole('group')).toHaveTextContent('确定把昵称改为“球迷小王”吗？修改后 7 天内不能再改。');
  });
});
