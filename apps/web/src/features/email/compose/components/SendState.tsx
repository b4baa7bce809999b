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
import { sendErrorKey, sendStateOf } from '../send-state';
import { showSendTime } from '../send-time';

type Outgoing = Pick<EmailListItem, 'id' | 'send_status' | 'send_at' | 'send_error'>;

/** Why a mail did not leave, in plain words; the server's own text in the tooltip. */
function SendProblem({ error }: { error: string }) {
  const { t } = useTranslation();
  const key = sendErrorKey(error);
  const plain = key ? t(key) : error || t('compose.outbox.failed');
  return (
    <Tooltip title={error ? t('compose.outbox.serverSaid', { text: error }) : undefined}>
      <span className="send-state__error" data-testid="send-failed">
        <ExclamationCircleFilled /> {plain}
      </span>
    </Tooltip>
  );
}

function NextTry({ at }: { at: string }) {
  const { t } = useTranslation();
  return (
    <span className="send-state__next">
      <ClockCircleOutlined /> {t('compose.outbox.nextTry', { time: showSendTime(at) })}
    </span>
  );
}

/** Retry now, or give up: back to the drafts. */
function ProblemActions({ id, compact = false }: { id: number; compact?: boolean }) {
  const { t } = useTranslation();
  const retry = useRetrySend();
  const cancel = useCancelSend();
  const type = compact ? 'link' : 'default';
  return (
    <Space size={compact ? 0 : 8} wrap>
      <Tooltip title={t('compose.outbox.retryHint')}>
        <Button
          type={type}
          size="small"
          icon={<RedoOutlined />}
          loading={retry.isPending}
          onClick={() => retry.mutate([id])}
        >
          {t('compose.outbox.retryNow')}
        </Button>
      </Tooltip>
      <Tooltip title={t('compose.outbox.cancelHint')}>
        <Button type={type} size="small" loading={cancel.isPending} onClick={() => cancel.mutate(id)}>
          {t('compose.outbox.cancel')}
        </Button>
      </Tooltip>
    </Space>
  );
}

/** An outbox row's state: scheduled (cancel), sending, failed with its reason (retry). */
export function SendStateCell({ email }: { email: Outgoing }) {
  const { t } = useTranslation();
  const cancel = useCancelSend();
  const state = sendStateOf(email, Date.now());
  switch (state.kind) {
    case 'scheduled':
      return (
        <Space size={2} wrap className="send-state">
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
    case 'retrying':
      return (
        <span className="send-state send-state--failed">
          <SendProblem error={state.error} />
          {state.kind === 'retrying' && state.at && <NextTry at={state.at} />}
          <ProblemActions id={email.id} compact />
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
  const cancel = useCancelSend();
  const state = sendStateOf(email, Date.now());
  if (state.kind === 'failed' || state.kind === 'retrying') {
    return (
      <Alert
        type={state.kind === 'failed' ? 'error' : 'warning'}
        showIcon
        className="email-main__alert"
        title={state.kind === 'failed' ? t('email.sendFailed') : t('compose.outbox.waiting')}
        description={
          <Space direction="vertical" size={2}>
            <SendProblem error={state.error} />
            {state.kind === 'retrying' && state.at && <NextTry at={state.at} />}
          </Space>
        }
        action={<ProblemActions id={email.id} />}
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
