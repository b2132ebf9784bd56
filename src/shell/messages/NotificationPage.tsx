import { Card } from 'antd';
import { useMessageBrowser } from './MessageCentre.tsx';

/** /pending/notification: the user's notifications on a page of their own, outside the shell. */
export default function NotificationPage() {
  const { title, body } = useMessageBrowser();
  return (
    <main style={{ maxWidth: 760, margin: '24px auto', padding: '0 16px' }}>
      <Card title={title}>{body}</Card>
    </main>
  );
}
