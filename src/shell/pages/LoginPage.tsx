import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, type InputRef, theme } from 'antd';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ApiError } from '../../api/baseQuery.ts';
import type { LoginRequest } from '../../shared/api/contract.ts';
import type { Locale } from '../../shared/constants.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { useLoginMutation } from '../session/sessionApi.ts';
import { startSession } from '../session/startSession.ts';

/** Where to go after login: the page the guard turned away from, else home. */
function useTarget() {
  const [search] = useSearchParams();
  const target = search.get('redirect');
  return target?.startsWith('/') && !target.startsWith('/login') ? target : '/index';
}

// Shown only after a login with a password an administrator set: not part of the page's first load.
const TemporaryPasswordChange = lazy(() =>
  import('../dialogs/TemporaryPasswordChange.tsx').then((m) => ({ default: m.TemporaryPasswordChange })),
);

/**
 * The card and title drawn from the theme's tokens as antd's Card and Typography.Title draw them: those two
 * bring tabs, menus, dropdowns, tooltips and a text area into the login page's first load, none of which it
 * shows.
 */
function useCardStyles() {
  const { token } = theme.useToken();
  return {
    card: {
      width: 380,
      maxWidth: '100%',
      boxSizing: 'border-box',
      padding: token.paddingLG,
      background: token.colorBgContainer,
      border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
      borderRadius: token.borderRadiusLG,
      color: token.colorText,
      fontSize: token.fontSize,
      fontFamily: token.fontFamily,
    },
    title: {
      margin: '1em 0 0.5em',
      color: token.colorTextHeading,
      fontSize: token.fontSizeHeading3,
      lineHeight: token.lineHeightHeading3,
      fontWeight: token.fontWeightStrong,
    },
  } as const;
}

/**
 * Focuses the field once the page has painted. `autoFocus` focuses inside React's commit, and a focus in the
 * next animation frame still runs before that frame's layout: either way the browser computes the style and
 * layout of the whole freshly styled page inside one long task. After the paint, the layout is done.
 */
function useFocusAfterPaint(ref: RefObject<InputRef | null>) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => ref.current?.focus());
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ref]);
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
  const username = useRef<InputRef>(null);
  useFocusAfterPaint(username);
  const styles = useCardStyles();

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
      <section style={styles.card}>
        <header style={{ textAlign: 'center', marginBottom: 24 }}>
          <img src={tenant.assets.icon} alt={tenant.name} height={56} />
          <h3 style={styles.title}>{tenant.title[i18n.language as Locale] ?? tenant.title['zh-chs']}</h3>
        </header>
        {mustChange ? (
          <Suspense>
            <TemporaryPasswordChange onDone={() => navigate(target, { replace: true })} />
          </Suspense>
        ) : null}
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
            <Input ref={username} prefix={<UserOutlined />} autoComplete="username" />
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
      </section>
    </main>
  );
}
