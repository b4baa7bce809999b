import {
  CheckOutlined,
  ClockCircleOutlined,
  ExclamationCircleFilled,
  RedoOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { EmailListItem } from '@quayside/contract';
import { Alert, Button, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '@/shared/format';
import { useCancelSend, useRetrySend } from '../api';
import { sendStateOf } from '../send-state';
import { showSendTime } from '../send-time';

type Outgoing = Pick<EmailListItem, 'id' | 'send_status' | 'send_at' | 'send_error'>;

/** An outbox row's state: scheduled (cancel), sending, failed with its reason (retry). */
export function SendStateCell({ email }: { email: Outgoing }) {
  const { t } = useTranslation();
  const retry = useRetrySend();
  const cancel = useCancelSend();
  const state = sendStateOf(email, Date.now());
  switch (state.kind) {
    case 'scheduled':
      return (
        <Space size={2} className="send-state">
          <Tooltip title={parseTime(state.at, '{y}-{m}-{d} {h}:{i}')}>
            <Tag icon={<ClockCircleOutlined />} color="processing" variant="filled">
              {t('compose.outbox.scheduled', { time: showSendTime(state.at) })}
            </Tag>
          </Tooltip>
          <Tooltip title={t('compose.outbox.cancelHint')}>
            <Button
              type="link"
              size="small"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(email.id)}
            >
              {t('compose.outbox.cancel')}
            </Button>
          </Tooltip>
        </Space>
      );
    case 'sending':
      return (
        <Tag icon={<SyncOutlined spin />} color="processing" variant="filled" className="send-state">
          {t('compose.outbox.sending')}
        </Tag>
      );
    case 'failed':
      return (
        <span className="send-state send-state--failed">
          <Tooltip title={state.error || t('email.sendFailed')}>
            <span className="send-state__error" data-testid="send-failed">
              <ExclamationCircleFilled /> {state.error || t('compose.outbox.failed')}
            </span>
          </Tooltip>
          <Tooltip title={t('compose.outbox.retryHint')}>
            <Button
              type="link"
              size="small"
              icon={<RedoOutlined />}
              loading={retry.isPending}
              onClick={() => retry.mutate([email.id])}
            >
              {t('compose.outbox.retry')}
            </Button>
          </Tooltip>
        </span>
      );
    case 'sent':
      return (
        <span className="send-state-sent">
          <CheckOutlined /> {t('compose.outbox.sent')}
        </span>
      );
    default:
      return null;
  }
}

/** The reading page's notice for mail that has not left: the reason and Retry, or Cancel. */
export function SendStateAlert({ email }: { email: Outgoing }) {
  const { t } = useTranslation();
  const retry = useRetrySend();
  const cancel = useCancelSend();
  const state = sendStateOf(email, Date.now());
  if (state.kind === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        className="email-main__alert"
        title={t('email.sendFailed')}
        description={state.error}
        action={
          <Button
            size="small"
            icon={<RedoOutlined />}
            loading={retry.isPending}
            onClick={() => retry.mutate([email.id])}
          >
            {t('compose.outbox.retry')}
          </Button>
        }
      />
    );
  }
  if (state.kind === 'scheduled') {
    return (
      <Alert
        type="info"
        showIcon
        icon={<ClockCircleOutlined />}
        className="email-main__alert"
        title={t('compose.outbox.scheduled', { time: showSendTime(state.at) })}
        description={t('compose.outbox.cancelHint')}
        action={
          <Button size="small" loading={cancel.isPending} onClick={() => cancel.mutate(email.id)}>
            {t('compose.outbox.cancel')}
          </Button>
        }
      />
    );
  }
  return null;
}
