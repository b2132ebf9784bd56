import type { FormRule as Rule } from 'antd';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChangePasswordRequest } from '../../shared/api/contract.ts';
import { checkPasswordChange } from '../../shared/api/passwordRules.ts';
import { useChangePasswordMutation } from './dialogsApi.ts';
import { useFeedback } from './feedback.ts';

type Field = keyof ChangePasswordRequest;

export interface ChangePasswordFormProps {
  /** After 修改成功. */
  onDone?: () => void;
  /** Shows a cancel button when given. */
  onCancel?: () => void;
}

/** The one rule set (passwordRules.ts) applied to one field, with the other fields as they stand. */
function useFieldRule(field: Field): Rule {
  const { t } = useTranslation();
  return ({ getFieldsValue }) => ({
    validator: (_rule, value: string | undefined) => {
      const input = { ...getFieldsValue(), [field]: value ?? '' } as Partial<ChangePasswordRequest>;
      const problem = checkPasswordChange(input).find((p) => p.field === field);
      return problem ? Promise.reject(new Error(t(problem.messageKey))) : Promise.resolve();
    },
  });
}

/** Change-password form: checked on blur and on submit; success says 修改成功. */
export function ChangePasswordForm({ onDone, onCancel }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<ChangePasswordRequest>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const rules = {
    oldPwd: useFieldRule('oldPwd'),
    newPwd: useFieldRule('newPwd'),
    newPwdRe: useFieldRule('newPwdRe'),
  };

  const submit = async (values: ChangePasswordRequest) => {
    try {
      await changePassword(values).unwrap();
    } catch {
      return; // the request layer has shown the server's message
    }
    void message.success(t('dialogs.password.success'));
    form.resetFields();
    onDone?.();
  };

  return (
    <Form form={form} layout="vertical" validateTrigger="onBlur" onFinish={submit} autoComplete="off">
      <Form.Item name="oldPwd" label={t('dialogs.password.oldPwd')} required rules={[rules.oldPwd]}>
        <Input.Password allowClear autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPwd" label={t('dialogs.password.newPwd')} required rules={[rules.newPwd]}>
        <Input.Password allowClear autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPwdRe"
        label={t('dialogs.password.newPwdRe')}
        required
        dependencies={['newPwd']}
        rules={[rules.newPwdRe]}
      >
        <Input.Password allowClear autoComplete="new-password" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t('dialogs.password.submit')}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('dialogs.cancel')}</Button> : null}
      </Space>
    </Form>
  );
}
