import { ConfigProvider } from 'antd';
import { tenant } from '../shared/tenant/index.ts';

/** The login screen frame: the tenant's logo and title. The full shell replaces this. */
export function App() {
  return (
    <ConfigProvider theme={{ token: { colorPrimary: tenant.branding.themeColor } }}>
      <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <header style={{ textAlign: 'center' }}>
          <img src={tenant.assets.logo} alt={tenant.name} height={48} />
          <h1>{tenant.title['zh-chs']}</h1>
        </header>
      </main>
    </ConfigProvider>
  );
}
