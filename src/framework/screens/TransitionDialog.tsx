import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDecl, TransitionDecl } from '../resource/index.ts';
import { showOneTimeSecrets } from './oneTimeSecrets.tsx';
import { baseOf, useResourceTransitionMutation } from './resourceApi.ts';

export interface TransitionDialogProps {
  decl: ResourceDecl;
  transition: TransitionDecl<string>;
  /** The documents it applies to (several for a bulk approval: all or nothing). */
  ids: readonly string[];
  /** What the confirmation names: a document's title or a count. */
  subject: string;
  onClose: (done: boolean) => void;
}

/** Asks before a state change; takes the comment the transition allows or requires. */
export function TransitionDialog({ decl, transition, ids, subject, onClose }: TransitionDialogProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  const [run, { isLoading }] = useResourceTransitionMutation();
  const comment = transition.comment ?? 'none';
  const actionLabel = t(`action.${transition.action}`);

  const confirm = async () => {
    // The form shows its own message when the comment is missing.
    const values = comment === 'none' ? {} : await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      const changed = await run({
        base: baseOf(decl),
        request: { id: ids, action: transition.action, comment: values.comment },
      }).unwrap();
      message.success(t('resource.transitionDone', { action: actionLabel }));
      showOneTimeSecrets(modal, t, changed, (r) => String(r[decl.titleField] ?? r.id));
      onClose(true);
    } catch {
      // The request layer has shown the server's reason; the dialog stays open to retry or cancel.
    }
  };

  return (
    <Modal
      open
      title={t('resource.transitionConfirm', { action: actionLabel, subject })}
      okText={actionLabel}
      okButtonProps={{ danger: transition.danger, loading: isLoading }}
      cancelText={t('resource.cancel')}
      onOk={confirm}
      onCancel={() => onClose(false)}
      mask={{ closable: false }}
    >
      {comment === 'none' ? (
        <p>{t('resource.transitionQuestion', { action: actionLabel, subject })}</p>
      ) : (
        <Form form={form} layout="vertical">
          <Form.Item
            name="comment"
            label={t('resource.comment')}
            rules={[
              { required: comment === 'required', whitespace: true, message: t('resource.commentRequired') },
            ]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
