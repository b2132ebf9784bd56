import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockState, TEST_PASSWORD } from '../../test/msw/fixtures.ts';
import { startMockServer } from '../../test/msw/server.ts';
import { renderShellPart } from '../testing/renderShellPart.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

startMockServer();

const field = (label: string) => screen.getByLabelText(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const blur = (label: string) => fireEvent.blur(field(label));
const submit = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
const changeCalls = () => mockState.calls.filter((call) => call.path === '/api/user/change_pwd');

describe('checked on blur', () => {
  it.each([
    ['旧密码', '旧密码不能为空'],
    ['新密码', '请输入密码'],
    ['确认密码', '请再次输入密码'],
  ])('an empty %s says %s', async (label, message) => {
    renderShellPart(<ChangePasswordForm />);
    blur(label);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('a confirmation unlike the new password says 两次输入密码不一致!', async () => {
    renderShellPart(<ChangePasswordForm />);
    type('新密码', 'newpass456');
    type('确认密码', 'newpass457');
    blur('确认密码');
    expect(await screen.findByText('两次输入密码不一致!')).toBeInTheDocument();
    type('确认密码', 'newpass456');
    blur('确认密码');
    await waitFor(() => expect(screen.queryByText('两次输入密码不一致!')).toBeNull());
  });
});

it('a weak new password, or one equal to the old, is refused on blur by the shared rule set', async () => {
  renderShellPart(<ChangePasswordForm />);
  type('新密码', 'abc');
  blur('新密码');
  expect(await screen.findByText('密码至少 8 位，须同时包含字母和数字')).toBeInTheDocument();
  type('旧密码', 'samepass1');
  type('新密码', 'samepass1');
  blur('新密码');
  expect(await screen.findByText('新密码不能与旧密码相同')).toBeInTheDocument();
});

describe('checked on submit', () => {
  it('shows every required message and calls nothing', async () => {
    renderShellPart(<ChangePasswordForm />);
    submit();
    expect(await screen.findByText('旧密码不能为空')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByText('请再次输入密码')).toBeInTheDocument();
    expect(changeCalls()).toEqual([]);
  });

  it('shows 两次输入密码不一致! and calls nothing', async () => {
    renderShellPart(<ChangePasswordForm />);
    type('旧密码', TEST_PASSWORD);
    type('新密码', 'newpass456');
    type('确认密码', 'other999');
    submit();
    expect(await screen.findByText('两次输入密码不一致!')).toBeInTheDocument();
    expect(changeCalls()).toEqual([]);
  });
});

it('sends oldPwd, newPwd, newPwdRe and says 修改成功', async () => {
  const onDone = vi.fn();
  renderShellPart(<ChangePasswordForm onDone={onDone} />);
  type('旧密码', TEST_PASSWORD);
  type('新密码', 'newpass456');
  type('确认密码', 'newpass456');
  submit();
  expect(await screen.findByText('修改成功')).toBeInTheDocument();
  const [call] = changeCalls();
  expect(Object.fromEntries(call!.body)).toEqual({
    oldPwd: TEST_PASSWORD,
    newPwd: 'newpass456',
    newPwdRe: 'newpass456',
  });
  expect(mockState.password).toBe('newpass456');
  expect(onDone).toHaveBeenCalledTimes(1);
});

it('shows the server message of a 400 answer and stays open', async () => {
  const onDone = vi.fn();
  renderShellPart(<ChangePasswordForm onDone={onDone} />);
  type('旧密码', 'wrongpass1');
  type('新密码', 'newpass456');
  type('确认密码', 'newpass456');
  submit();
  expect(await screen.findByText('旧密码错误')).toBeInTheDocument();
  expect(screen.queryByText('修改成功')).toBeNull();
  expect(onDone).not.toHaveBeenCalled();
});

it('the dialog has clearable inputs and closes after 修改成功', async () => {
  const onClose = vi.fn();
  renderShellPart(<ChangePasswordDialog open onClose={onClose} />);
  expect(screen.getByRole('dialog')).toHaveTextContent('修改密码');
  type('旧密码', TEST_PASSWORD);
  expect(document.querySelectorAll('.ant-input-clear-icon').length).toBeGreaterThan(0);
  type('新密码', 'newpass456');
  type('确认密码', 'newpass456');
  submit();
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});
