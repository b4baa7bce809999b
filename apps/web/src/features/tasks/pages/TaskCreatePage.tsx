import { TASK_TYPES } from '@quayside/contract';
import {
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSendAccounts } from '@/features/email/compose/api';
import type { EditorHandle } from '@/features/email/compose/editor/RichEditor';
import '@/features/email/compose/compose.css';
import { showFormError } from '@/shared/form-errors';
import { useUser } from '@/shared/session';
import { PageHeader } from '@/shared/ui/PageHeader';
import { previewTask, useCreateTask, useTaskAction } from '../api';
import { AudienceFields, type AudienceValues, audienceBody } from '../components/AudienceFields';
import '../tasks.css';

const RichEditor = lazy(() => import('@/features/email/compose/editor/RichEditor'));

type Values = AudienceValues & {
  name: string;
  remark?: string;
  account_id?: number;
  subject: string;
  type: (typeof TASK_TYPES)[number];
  interval_minutes?: number;
  window?: [Dayjs, Dayjs];
  copy_to_sent?: boolean;
  preview_address?: string;
};

const MERGE_HINT = '{{name}} {{company_name}} {{email}} {{job_title}} {{website}} · {{name|Sir or Madam}}';

/** /task/create: recipients, message with merge fields and a preview, schedule; saved as a draft or started. */
export default function TaskCreatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const me = useUser();
  const [form] = Form.useForm<Values>();
  const accounts = useSendAccounts();
  const create = useCreateTask();
  const action = useTaskAction();
  const html = useRef('');
  const editor = useRef<EditorHandle | null>(null);
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const type = Form.useWatch('type', form);

  const save = async (start: boolean) => {
    const v = await form.validateFields();
    try {
      const task = await create.mutateAsync({
        ...audienceBody(v),
        name: v.name,
        remark: v.remark ?? '',
        account_id: v.account_id ?? 0,
        subject: v.subject,
        html: editor.current?.getHtml() ?? html.current,
        type: v.type,
        interval_minutes: v.interval_minutes ?? 0,
        window_start: v.window?.[0]?.toISOString() ?? null,
        window_end: v.window?.[1]?.toISOString() ?? null,
        copy_to_sent: Boolean(v.copy_to_sent),
      });
      if (start) await action.mutateAsync({ id: task.id, action: 'start' });
      void message.success(t(start ? 'tasks.startedMsg' : 'tasks.savedMsg'));
      navigate(`/task/detail/${task.id}`);
    } catch (err) {
      showFormError(form, err);
    }
  };

  const showPreview = async () => {
    const v = form.getFieldsValue();
    const address = (v.preview_address ?? '').trim() || audienceBody(v).addresses?.[0] || '';
    setPreview(
      await previewTask({
        subject: v.subject ?? '',
        html: editor.current?.getHtml() ?? html.current,
        address,
      }),
    );
  };

  return (
    <div className="page task-create">
      <PageHeader title={t('tasks.createTitle')} subtitle={t('tasks.createSubtitle')} />
      <Form<Values>
        form={form}
        layout="vertical"
        className="task-form"
        initialValues={{ type: 'fixed', interval_minutes: 1, use_filter: false }}
      >
        <Card variant="borderless" title={t('tasks.basics')} style={{ marginBottom: 16 }}>
          <Form.Item
            name="name"
            label={t('tasks.name')}
            rules={[{ required: true, whitespace: true, message: t('tasks.nameRequired') }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="remark" label={t('tasks.remark')}>
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
          <Form.Item
            name="account_id"
            label={t('tasks.account')}
            rules={[{ required: true, message: t('tasks.accountRequired') }]}
          >
            <Select
              loading={accounts.isLoading}
              aria-label={t('tasks.account')}
              options={(accounts.data ?? []).map((a) => ({
                value: a.id,
                label: a.name ? `${a.name} <${a.address}>` : a.address,
              }))}
            />
          </Form.Item>
        </Card>
        <Card variant="borderless" title={t('tasks.recipients')} style={{ marginBottom: 16 }}>
          <AudienceFields read={() => form.getFieldsValue()} />
        </Card>
        <Card variant="borderless" title={t('tasks.message')} style={{ marginBottom: 16 }}>
          <Form.Item
            name="subject"
            label={t('tasks.subject')}
            rules={[{ required: true, whitespace: true, message: t('tasks.subjectRequired') }]}
          >
            <Input maxLength={500} />
          </Form.Item>
          <Typography.Paragraph type="secondary" className="task-form__merge">
            {t('tasks.mergeHelp')}{' '}
            <Typography.Text code copyable>
              {MERGE_HINT}
            </Typography.Text>
          </Typography.Paragraph>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <RichEditor
              initialHtml=""
              placeholder={() => t('tasks.bodyPlaceholder')}
              autofocus={false}
              onChange={(value) => {
                html.current = value;
              }}
              onBlur={() => {}}
              onAttachFiles={() => {}}
              onReady={(handle) => {
                editor.current = handle;
              }}
              label={t('tasks.body')}
            />
          </Suspense>
          <Space style={{ marginTop: 12 }}>
            <Form.Item name="preview_address" noStyle>
              <Input
                style={{ width: 260 }}
                placeholder={t('tasks.previewFor')}
                aria-label={t('tasks.previewFor')}
              />
            </Form.Item>
            <Button onClick={() => void showPreview()}>{t('tasks.preview')}</Button>
          </Space>
        </Card>
        <Card variant="borderless" title={t('tasks.schedule')} style={{ marginBottom: 16 }}>
          <Form.Item name="type" label={t('tasks.type')}>
            <Radio.Group options={TASK_TYPES.map((v) => ({ value: v, label: t(`tasks.types.${v}`) }))} />
          </Form.Item>
          {type === 'random' ? (
            <Form.Item
              name="window"
              label={t('tasks.window')}
              extra={t('tasks.windowHelp')}
              rules={[{ required: true, message: t('tasks.windowRequired') }]}
            >
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
            </Form.Item>
          ) : (
            <Form.Item name="interval_minutes" label={t('tasks.interval')} extra={t('tasks.intervalHelp')}>
              <InputNumber
                min={0}
                max={10080}
                precision={0}
                addonAfter={t('tasks.minutes')}
                aria-label={t('tasks.interval')}
              />
            </Form.Item>
          )}
          {me?.roles.includes('admin') && (
            <Form.Item name="copy_to_sent" valuePropName="checked" extra={t('tasks.copyToSentHelp')}>
              <Checkbox>{t('tasks.copyToSent')}</Checkbox>
            </Form.Item>
          )}
        </Card>
        <Space>
          <Button onClick={() => void save(false)} loading={create.isPending && !action.isPending}>
            {t('tasks.saveDraft')}
          </Button>
          <Button
            type="primary"
            onClick={() => void save(true)}
            loading={create.isPending || action.isPending}
          >
            {t('tasks.saveAndStart')}
          </Button>
        </Space>
      </Form>
      <Modal
        open={preview !== null}
        title={preview?.subject}
        footer={null}
        onCancel={() => setPreview(null)}
        width={720}
      >
        {/* The author's own HTML, shown in a sandbox without scripts. */}
        <iframe
          title={t('tasks.preview')}
          sandbox=""
          srcDoc={preview?.html ?? ''}
          className="task-preview"
          style={{ width: '100%', height: 400 }}
        />
      </Modal>
    </div>
  );
}
