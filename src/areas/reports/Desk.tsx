// The workbench's desk under the home page's welcome: the figures of the user's work the server answers
// (DESK_PATH), a card each with its count, tonnes and first records, opening the screen behind it as a tab.
// Figures refresh live: the answer names the records it read, and a change of any of them (a save here, a
// 7000 frame from the server) refetches it.
import { Alert, Card, Col, Empty, List, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import { formatWeight } from '../../shared/format/index.ts';
import { useShellNavigate } from '../../shared/hooks/useShellNavigate.ts';
import { routeByKey } from '../../shared/routes/catalogue.ts';
import { routeTitleKey } from '../../shared/routes/routeRecords.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { DESK_PATH, type DeskAnswer, type DeskFigure, type DeskSection } from './api.ts';

export const deskApi = api.injectEndpoints({
  endpoints: (build) => ({
    desk: build.query<DeskAnswer, void>({
      query: () => ({ url: DESK_PATH, body: {} }),
      transformResponse: (answer: Envelope<DeskAnswer>) => answer.data!,
      providesTags: (answer) => (answer?.topics ?? []).map((id) => ({ type: 'Resource' as const, id })),
    }),
  }),
});

/** Figures whose records are weighed show tonnes; the exposure figures show net tonnes (signed). */
const tonnes = (value: string) => formatWeight(value, tenant.weightDigit);
const IN_TONNES = new Set(['exposure', 'largestExposures', 'batchesInTransit']);

function FigureCard({ figure }: { figure: DeskFigure }) {
  const { t } = useTranslation('reports');
  const go = useShellNavigate();
  const title =
    figure.key === 'approval' && figure.route
      ? t(routeTitleKey(routeByKey(figure.route) ?? { key: figure.route }))
      : t(`desk.figure.${figure.key}`);
  const open = figure.path ? () => go(figure.path!) : undefined;
  return (
    <Card
      size="small"
      title={title}
      hoverable={Boolean(open)}
      onClick={open}
      data-testid={`desk-figure-${figure.key}`}
      extra={open ? <Typography.Link>{t('desk.open')}</Typography.Link> : null}
      style={{ height: '100%' }}
    >
      <Space size="large" align="start">
        <Statistic title={t(`desk.count.${figure.key}`)} value={figure.count} />
        {figure.total !== null ? (
          <Statistic
            title={t(
              figure.key === 'exposure' || figure.key === 'largestExposures'
                ? 'desk.netTonnes'
                : 'desk.tonnes',
            )}
            value={tonnes(figure.total)}
          />
        ) : null}
      </Space>
      {figure.items.length > 0 ? (
        <List
          size="small"
          dataSource={figure.items}
          renderItem={(item) => (
            <List.Item
              key={item.id}
              extra={
                item.detail === null ? null : (
                  <Typography.Text type="secondary">
                    {IN_TONNES.has(figure.key) ? tonnes(item.detail) : item.detail}
                  </Typography.Text>
                )
              }
            >
              {item.titleKey ? t(item.titleKey) : item.title}
            </List.Item>
          )}
        />
      ) : null}
    </Card>
  );
}

function Section({ section }: { section: DeskSection }) {
  const { t } = useTranslation('reports');
  return (
    <Card title={t(`desk.section.${section.key}`)} data-testid={`desk-section-${section.key}`}>
      {section.figures.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`desk.empty.${section.key}`)} />
      ) : (
        <Row gutter={[16, 16]}>
          {section.figures.map((figure) => (
            <Col key={`${figure.key}-${figure.route ?? ''}`} xs={24} md={12} xl={8}>
              <FigureCard figure={figure} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}

/** The user's desk: a section for each part of their work their rights reach; nothing for a user with none. */
export default function Desk() {
  const { t } = useTranslation('reports');
  const { data, isError } = deskApi.useDeskQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isError) return <Alert type="warning" title={t('desk.failed')} />;
  if (!data) return null;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {data.sections.map((section) => (
        <Section key={section.key} section={section} />
      ))}
    </Space>
  );
}
