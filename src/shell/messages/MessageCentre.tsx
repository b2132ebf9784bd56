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

/** Summaries by type; a type opens its messages. Shared by the centre drawer and the notification page. */
export function useMessageBrowser() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [messageType, setMessageType] = useState<string | null>(null);
  // Reading a type's messages marks them read on the server, so its unread count is refetched.
  const back = () => {
    setMessageType(null);
    dispatch(invalidateSummaries());
  };
  const title = messageType ? (
    <Flex align="center" gap={8}>
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('messages.back')} onClick={back} />
      {t(messageTypeKey(messageType))}
    </Flex>
  ) : (
    t('messages.centre')
  );
  const body = messageType ? (
    <MessageList messageType={messageType} />
  ) : (
    <SummaryList onOpen={setMessageType} />
  );
  return { title, body, isOpenType: messageType !== null, back };
}

export interface MessageCentreProps {
  open: boolean;
  onClose: () => void;
}

/** The message centre drawer of the header bell. */
export function MessageCentre({ open, onClose }: MessageCentreProps) {
  const { title, body, isOpenType, back } = useMessageBrowser();
  const close = () => {
    if (isOpenType) back();
    onClose();
  };
  return (
    <Drawer open={open} onClose={close} title={title} mask={{ enabled: false, closable: false }} size={420}>
      {body}
    </Drawer>
  );
}
