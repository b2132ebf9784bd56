import { Card, Col, Row, Statistic, Typography } from 'antd';
import { type ComponentType, Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { newDate } from '../../shared/format/index.ts';
import { selectUser } from '../session/sessionSlice.ts';

/**
 * Home (route index): who is logged in, today's date and the unread count, then what the areas show there
 * (`parts`, given by the app from the areas' manifests: the reports area's desk), each loaded with its area.
 */
export default function HomePage({ parts = [] }: { parts?: readonly ComponentType[] }) {
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
            <Statistic title={t('home.today')} value={newDate()} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('home.unread')} value={user?.messCount ?? 0} />
          </Card>
        </Col>
      </Row>
      {parts.map((Part, index) => (
        <Fragment key={String(index)}>
          <Part />
        </Fragment>
      ))}
    </section>
  );
}
