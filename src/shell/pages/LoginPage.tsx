import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ApiError } from '../../api/baseQuery.ts';
import type { LoginRequest } from '../../shared/api/contract.ts';
import type { Locale } from '../../shared/constants.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { TemporaryPasswordChange } from '../dialogs/TemporaryPasswordChange.tsx';
import { useLoginMutation } from '../session/sessionApi.ts';
import { startSession } from '../session/startSession.ts';

/** Where to go after login: the page the guard turned away from, else home. */
function useTarget() {
  const [search] = useSearchParams();
  const target = search.get('redirect');
  return target?.startsWith('/') && !target.startsWith('/login') ? target : '/index';
}

/** The login page: the tenant's icon and title, username and password, the server's reason on failure. */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const target = useTarget();
  const [login, { isLoading }] = useLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [mustChange, setMustChange] = useState(false);

  const submit = async (values: LoginRequest) => {
    setFailure(null);
    const result = await login(values);
    if (result.error) {
      setFailure((result.error as ApiError).message);
      return;
    }
    startSession(dispatch, result.data);
    if (result.data.passwordTemporary) setMustChange(true);
    else navigate(target, { replace: true });
  };

  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: 16 }}>
      <Card style={{ width: 380, maxWidth: '100%' }}>
        <header style={{ textAlign: 'center', marginBottom: 24 }}>
          <img src={tenant.assets.icon} alt={tenant.name} height={56} />
          <Typography.Title level={3}>
            {tenant.title[i18n.language as Locale] ?? tenant.title['zh-chs']}
          </Typography.Title>
        </header>
        {mustChange ? <TemporaryPasswordChange onDone={() => navigate(target, { replace: true })} /> : null}
        {failure && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('login.failed', { reason: failure })}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form<LoginRequest>
          layout="vertical"
          onFinish={submit}
          requiredMark={false}
          style={mustChange ? { display: 'none' } : undefined}
        >
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
