import { Card, Col, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { selectUser } from '../session/sessionSlice.ts';

/** Home (route index): who is logged in, today's date and the unread count. */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useSelector(selectUser);
  return (
    <section>
      <Typography.Title level={3}>{t('home.welcome', { name: user?.relName ?? '' })}</Typography.Title>
      <Row gutter={16}>
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
    </section>
  );
}
