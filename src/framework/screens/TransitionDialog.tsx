import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FieldDecl, fieldLabel, type ResourceDecl, type TransitionDecl } from '../resource/index.ts';
import { showOneTimeSecrets } from './oneTimeSecrets.tsx';
import { FieldItem } from './ResourceForm.tsx';
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

const required = (field: FieldDecl): FieldDecl =>
  ({ ...field, readOnly: false, rules: [{ kind: 'required' }, ...(field.rules ?? [])] }) as FieldDecl;

/** Asks before a state change; takes the comment the transition allows or requires. */
export function TransitionDialog({ decl, transition, ids, subject, onClose }: TransitionDialogProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Record<string, string | undefined>>();
  const [run, { isLoading }] = useResourceTransitionMutation();
  const comment = transition.comment ?? 'none';
  const asked = (transition.fields ?? []).map((key) => ({ key, field: required(decl.fields[key]!) }));
  const hasForm = comment !== 'none' || asked.length > 0;
  const actionLabel = t(`action.${transition.action}`);

  const confirm = async () => {
    // The form shows its own message when the comment or an asked field is missing.
    const values = hasForm ? await form.validateFields().catch(() => undefined) : {};
    if (!values) return;
    const { comment: text, ...fields } = values;
    try {
      const changed = await run({
        base: baseOf(decl),
        request: {
          id: ids,
          action: transition.action,
          comment: text,
          values: Object.fromEntries(asked.map(({ key }) => [key, String(fields[key] ?? '')])),
        },
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
      {hasForm ? (
        <Form form={form} layout="vertical">
          {asked.map(({ key, field }) => (
            <FieldItem
              key={key}
              name={key}
              fieldKey={key}
              field={field}
              fieldLabel={fieldLabel(decl, key)}
              recordOf={() => form.getFieldsValue()}
            />
          ))}
          {comment === 'none' ? null : (
            <Form.Item
              name="comment"
              label={t('resource.comment')}
              rules={[
                {
                  required: comment === 'required',
                  whitespace: true,
                  message: t('resource.commentRequired'),
                },
              ]}
            >
              <Input.TextArea rows={3} />
            </Form.Item>
          )}
        </Form>
      ) : (
        <p>{t('resource.transitionQuestion', { action: actionLabel, subject })}</p>
      )}
    </Modal>
  );
}
