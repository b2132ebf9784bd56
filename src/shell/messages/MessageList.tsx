import { Button, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { type UIEvent, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageDetail } from '../../shared/api/contract.ts';
import { useScrollThrottle } from '../../shared/hooks/index.ts';
import { Markdown } from './Markdown.tsx';
import { useMessageDetailsInfiniteQuery } from './messagesApi.ts';

/** Distance from the bottom (px) at which the next 10 messages are loaded. */
const LOAD_AHEAD_PX = 48;

function MessageCard({ message }: { message: MessageDetail }) {
  const { t } = useTranslation();
  return (
    <Card size="small" role="article">
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{message.createTime}</Typography.Text>
        {message.readState === 1 ? null : <Tag color="red">{t('messages.unread')}</Tag>}
      </Flex>
      <Markdown text={message.message} />
    </Card>
  );
}

/** One type's messages, newest first, 10 more each time the list is scrolled to its end. */
export function MessageList({ messageType }: { messageType: string }) {
  const { t } = useTranslation();
  const { data, isLoading, isFetching, hasNextPage, fetchNextPage } =
    useMessageDetailsInfiniteQuery(messageType);
  const messages = data?.pages.flatMap((page) => page.records) ?? [];
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage]);
  const onScroll = useScrollThrottle((event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - LOAD_AHEAD_PX) loadMore();
  });

  if (isLoading) return <Spin />;
  if (messages.length === 0) return <Empty description={t('messages.empty')} />;
  return (
    <div
      data-testid="message-scroll"
      onScroll={onScroll}
      style={{ height: 'calc(100vh - 160px)', overflowY: 'auto' }}
    >
      <Flex vertical gap={8}>
        {messages.map((message) => (
          <MessageCard key={message.id} message={message} />
        ))}
      </Flex>
      <Flex justify="center" style={{ padding: 12 }}>
        {hasNextPage ? (
          <Button type="link" loading={isFetching} onClick={loadMore}>
            {t('messages.loadMore')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('messages.noMore')}</Typography.Text>
        )}
      </Flex>
    </div>
  );
}
