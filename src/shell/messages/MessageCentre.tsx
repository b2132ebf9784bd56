import { ArrowLeftOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import type { MessageSummary } from '../../shared/api/contract.ts';
import { UNREAD_BADGE_CAP } from '../../shared/constants.ts';
import { MessageList } from './MessageList.tsx';
import { invalidateSummaries, useMessageSummariesQuery } from './messagesApi.ts';
import { messageTypeKey } from './messageTypes.ts';

function SummaryRow({ summary, onOpen }: { summary: MessageSummary; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Button block type="text" onClick={onOpen} style={{ height: 'auto', padding: '8px 12px' }}>
      <Flex justify="space-between" align="center" style={{ width: '100%' }}>
        <Flex vertical align="flex-start">
          <Typography.Text strong>{t(messageTypeKey(summary.messageType))}</Typography.Text>
          <Typography.Text type="secondary">{summary.updateTime}</Typography.Text>
        </Flex>
        <Badge count={summary.unreadCount} overflowCount={UNREAD_BADGE_CAP} />
      </Flex>
    </Button>
  );
}

function SummaryList({ onOpen }: { onOpen: (messageType: string) => void }) {
  const { t } = useTranslation();
  const { data: summaries = [], isLoading } = useMessageSummariesQuery();
  if (isLoading) return <Spin />;
  if (summaries.length === 0) return <Empty description={t('messages.none')} />;
  return (
    <Flex vertical gap={4}>
      {summaries.map((summary) => (
        <SummaryRow key={summary.messageType} summary={summary} onOpen={() => onOpen(summary.messageType)} />
      ))}
    </Flex>
  );
}

export interface MessageCentreProps {
  open: boolean;
  onClose: () => void;
}

/** The message centre: summaries by type; a type opens its messages. */
export function MessageCentre({ open, onClose }: MessageCentreProps) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [messageType, setMessageType] = useState<string | null>(null);
  // Reading a type's messages marks them read on the server, so its unread count is refetched.
  const backToSummaries = () => {
    setMessageType(null);
    dispatch(invalidateSummaries());
  };
  const close = () => {
    if (messageType) backToSummaries();
    onClose();
  };
  const title = messageType ? (
    <Flex align="center" gap={8}>
      <Button
        type="text"
        icon={<ArrowLeftOutlined />}
        aria-label={t('messages.back')}
        onClick={backToSummaries}
      />
      {t(messageTypeKey(messageType))}
    </Flex>
  ) : (
    t('messages.centre')
  );
  return (
    <Drawer open={open} onClose={close} title={title} mask={{ enabled: false, closable: false }} size={420}>
      {messageType ? <MessageList messageType={messageType} /> : <SummaryList onOpen={setMessageType} />}
    </Drawer>
  );
}
