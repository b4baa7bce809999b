import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { TASK_TYPES, type Task } from '@quayside/contract';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Result,
  Select,
  Skeleton,
  Space,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSendAccounts } from '@/features/email/compose/api';
import { attachedIds, MAX_ATTACHMENT_BYTES, uploading } from '@/features/email/compose/attachments';
import { AttachmentPanel } from '@/features/email/compose/components/AttachmentPanel';
import type { EditorHandle } from '@/features/email/compose/editor/RichEditor';
import { useAttachments } from '@/features/email/compose/useAttachments';
import { fileSize } from '@/features/email/email-format';
import '@/features/email/compose/compose.css';
import { useTabLabel } from '@/layout/useTabLabel';
import { fieldErrorsOf, showFormError } from '@/shared/form-errors';
import { RequestError } from '@/shared/request';
import { useUser } from '@/shared/session';
import { PageHeader } from '@/shared/ui/PageHeader';
import { previewTask, sendTestTask, useCreateTask, useTask, useTaskAction, useUpdateTask } from '../api';
import { AudienceFields, type AudienceValues, audienceBody } from '../components/AudienceFields';
import {
  HOURS_FIELDS,
  type HoursValues,
  hoursBody,
  hoursDefaults,
  WorkingHoursFields,
} from '../components/WorkingHoursFields';
import '../tasks.css';
import { useFeedback } from '@/shared/feedback';

const RichEditor = lazy(() => import('@/features/email/compose/editor/RichEditor'));

type Values = AudienceValues &
  HoursValues & {
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

/**
 * /task/create: recipients, message with merge fields, attachments, a preview and a test to oneself,
 * schedule (with working hours); saved as a draft or started. `?id=` edits a draft or a paused
 * task: its text, attachments and schedule (its recipients stay as they are).
 */
export default function TaskCreatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const task = useTask(id);
  if (!id) return <TaskForm />;
  if (task.isError)
    return (
      <Result
        status="404"
        title={t('tasks.notFound')}
        extra={<Link to="/task/list">{t('tasks.backToList')}</Link>}
      />
    );
  if (!task.data) return <Skeleton active className="page" />;
  if (!task.data.can_edit)
    return (
      <Result
        status="warning"
        title={t('tasks.notEditable')}
        extra={<Link to={`/task/detail/${id}`}>{t('tasks.backToTask')}</Link>}
      />
    );
  return <TaskForm key={task.data.id} task={task.data} />;
}

function initialValues(task?: Task): Partial<Values> {
  if (!task) return { type: 'fixed', interval_minutes: 1, use_filter: false, ...hoursDefaults() };
  return {
    name: task.name,
    remark: task.remark,
    account_id: task.account_id,
    subject: task.subject,
    type: task.type,
    interval_minutes: task.interval_minutes,
    window:
      task.window_start && task.window_end ? [dayjs(task.window_start), dayjs(task.window_end)] : undefined,
    copy_to_sent: task.copy_to_sent,
    use_filter: false,
    ...hoursDefaults(task.working_hours),
  };
}

function TaskForm({ task }: { task?: Task }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const me = useUser();
  const [form] = Form.useForm<Values>();
  const accounts = useSendAccounts();
  const create = useCreateTask();
  const update = useUpdateTask();
  const action = useTaskAction();
  const html = useRef(task?.html ?? '');
  const editor = useRef<EditorHandle | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const [test, setTest] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const type = Form.useWatch('type', form);
  const stored = useRef(
    task?.attachments.map((a) => ({ ...a, id: a.file_id, content_id: '', inline: false, url: '' })),
  );
  const attachments = useAttachments(task?.attachment_ids ?? [], stored.current, () => {});
  const bodyHtml = () => editor.current?.getHtml() ?? html.current;
  // One tab serves both: a new task after an edit must not keep the edited one's name.
  useTabLabel(task ? t('tasks.editTitle', { name: task.name }) : t('tasks.createTab'));

  /** Server errors on the working hours land on this form's own fields. */
  const showError = (err: unknown) => {
    const mapped = fieldErrorsOf(err).flatMap((f) => {
      const name = HOURS_FIELDS[f.name];
      return name ? [{ name, errors: f.errors }] : [];
    });
    if (mapped.length > 0) form.setFields(mapped);
    else showFormError(form, err);
  };

  const save = async (start: boolean) => {
    const v = await form.validateFields();
    if (uploading(attachments.items)) {
      void message.warning(t('tasks.attachUploading'));
      return;
    }
    const common = {
      name: v.name,
      remark: v.remark ?? '',
      subject: v.subject,
      html: bodyHtml(),
      attachment_ids: attachedIds(attachments.items),
      type: v.type,
      interval_minutes: v.interval_minutes ?? 0,
      window_start: v.window?.[0]?.toISOString() ?? null,
      window_end: v.window?.[1]?.toISOString() ?? null,
      working_hours: hoursBody(v),
      copy_to_sent: Boolean(v.copy_to_sent),
    };
    try {
      const saved = task
        ? await update.mutateAsync({ id: task.id, ...common })
        : await create.mutateAsync({ ...audienceBody(v), ...common, account_id: v.account_id ?? 0 });
      if (start)
        await action.mutateAsync({ id: saved.id, action: saved.status === 'paused' ? 'resume' : 'start' });
      void message.success(t(start ? 'tasks.startedMsg' : task ? 'tasks.updatedMsg' : 'tasks.savedMsg'));
      navigate(`/task/detail/${saved.id}`);
    } catch (err) {
      showError(err);
    }
  };

  const previewAddress = () => {
    const v = form.getFieldsValue();
    return (v.preview_address ?? '').trim() || (task ? '' : audienceBody(v).addresses?.[0]) || '';
  };

  const showPreview = async () => {
    const v = form.getFieldsValue();
    setPreview(await previewTask({ subject: v.subject ?? '', html: bodyHtml(), address: previewAddress() }));
  };

  const sendTest = async () => {
    const accountId = task?.account_id ?? form.getFieldValue('account_id');
    if (!accountId) {
      await form.validateFields(['account_id']);
      return;
    }
    setTesting(true);
    setTest(null);
    try {
      const sent = await sendTestTask({
        account_id: accountId,
        subject: form.getFieldValue('subject') ?? '',
        html: bodyHtml(),
        attachment_ids: attachedIds(attachments.items),
        address: previewAddress() || undefined,
      });
      setTest({ ok: true, text: t('tasks.testSent', { to: sent.to }) });
    } catch (err) {
      const subject = fieldErrorsOf(err).find((f) => f.name === 'subject');
      if (subject) form.setFields([{ name: 'subject', errors: subject.errors }]);
      setTest({ ok: false, text: err instanceof RequestError ? err.message : String(err) });
    } finally {
      setTesting(false);
    }
  };

  const busy = create.isPending || update.isPending;

  return (
    <div className="page task-create">
      <PageHeader
        title={task ? t('tasks.editTitle', { name: task.name }) : t('tasks.createTitle')}
        subtitle={task ? t('tasks.editSubtitle') : t('tasks.createSubtitle')}
      />
      <Form<Values> form={form} layout="vertical" className="task-form" initialValues={initialValues(task)}>
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
              disabled={Boolean(task)}
              aria-label={t('tasks.account')}
              options={
                task
                  ? [{ value: task.account_id, label: task.account_address }]
                  : (accounts.data ?? []).map((a) => ({
                      value: a.id,
                      label: a.name ? `${a.name} <${a.address}>` : a.address,
                    }))
              }
            />
          </Form.Item>
        </Card>
        <Card variant="borderless" title={t('tasks.recipients')} style={{ marginBottom: 16 }}>
          {task ? (
            <Typography.Text type="secondary">
              {t('tasks.recipientsFixed', { count: task.total - task.skipped })}
            </Typography.Text>
          ) : (
            <AudienceFields read={() => form.getFieldsValue()} />
          )}
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
              initialHtml={task?.html ?? ''}
              placeholder={() => t('tasks.bodyPlaceholder')}
              autofocus={false}
              onChange={(value) => {
                html.current = value;
              }}
              onBlur={() => {}}
              onAttachFiles={attachments.add}
              onReady={(handle) => {
                editor.current = handle;
              }}
              label={t('tasks.body')}
            />
          </Suspense>
          <AttachmentPanel items={attachments.items} onRemove={attachments.remove} />
          <div className="task-form__attach">
            <Tooltip title={t('tasks.attachHint', { limit: fileSize(MAX_ATTACHMENT_BYTES) })}>
              <Button icon={<PaperClipOutlined />} onClick={() => picker.current?.click()}>
                {t('tasks.attach')}
              </Button>
            </Tooltip>
            <Typography.Text type="secondary">
              {t('tasks.attachLimit', { limit: fileSize(MAX_ATTACHMENT_BYTES) })}
            </Typography.Text>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              // antd's Form styles file inputs `display: block`, over `hidden`.
              style={{ display: 'none' }}
              data-testid="task-file-input"
              onChange={(e) => {
                attachments.add([...(e.target.files ?? [])]);
                e.target.value = '';
              }}
            />
          </div>
          <Space wrap style={{ marginTop: 12 }}>
            <Form.Item name="preview_address" noStyle>
              <Input
                style={{ width: 260 }}
                placeholder={t('tasks.previewFor')}
                aria-label={t('tasks.previewFor')}
              />
            </Form.Item>
            <Button onClick={() => void showPreview()}>{t('tasks.preview')}</Button>
            <Button icon={<SendOutlined />} loading={testing} onClick={() => void sendTest()}>
              {t('tasks.sendTest')}
            </Button>
          </Space>
          {test && (
            <Alert
              className="task-form__test"
              type={test.ok ? 'success' : 'error'}
              showIcon
              closable
              onClose={() => setTest(null)}
              role={test.ok ? 'status' : 'alert'}
              title={test.text}
            />
          )}
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
          <WorkingHoursFields />
          {me?.roles.includes('admin') && (
            <Form.Item name="copy_to_sent" valuePropName="checked" extra={t('tasks.copyToSentHelp')}>
              <Checkbox>{t('tasks.copyToSent')}</Checkbox>
            </Form.Item>
          )}
        </Card>
        <Space>
          <Button onClick={() => void save(false)} loading={busy && !action.isPending}>
            {task ? t('tasks.saveChanges') : t('tasks.saveDraft')}
          </Button>
          <Button type="primary" onClick={() => void save(true)} loading={busy || action.isPending}>
            {task?.status === 'paused' ? t('tasks.saveAndResume') : t('tasks.saveAndStart')}
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
