import { Card, Col, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { selectUser } from '../session/sessionSlice.ts';

/** The user's desk: loaded with the reports area, so the shell's chunk stays small. */
const Desk = lazy(() => import(/* webpackChunkName: "area-reports" */ '../../areas/reports/Desk.tsx'));

/** Home (route index): who is logged in, today's date and the unread count, then the user's desk. */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useSelector(selectUser);
  return (
    <section>
      <Typography.Title level={3}>{t('home.welcome', { name: user?.relName ?? '' })}</Typography.Title>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('home.department')} value={user?.departName ?? '-'} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('home.today')} value={dayjs().format('YYYY/MM/DD')} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('home.unread')} value={user?.messCount ?? 0} />
          </Card>
        </Col>
      </Row>
      <Suspense fallback={null}>
        <Desk />
      </Suspense>
    </section>
  );
}
