import type { SendAnswer } from '@quayside/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tagsStore } from '@/layout/tags-store';
import { useFeedback } from '@/shared/feedback';
import { fieldErrorsOf } from '@/shared/form-errors';
import { RequestError } from '@/shared/request';
import { emailKeys } from '../api';
import { OUTBOX, outboxAfterSend } from '../just-sent';
import { cancelSend, sendEmail } from './api';
import type { DraftFields } from './draft-fields';
import type { DraftSaver } from './draft-saver';
import { type Problem, type SendField, sendChecks, sendFieldOf } from './send-checks';
import { showSendTime } from './send-time';

/** The undo window of "Send" (send_email `undo_seconds`). */
export const UNDO_SECONDS = 10;

export type FieldProblems = Partial<Record<SendField, Problem>>;

/**
 * "Sending in 7 s". The seconds are written straight into the text: a React update every tick
 * would keep interrupting the render of the page the user goes on to (the outbox).
 */
function SendCountdown({ deadline }: { deadline: number }) {
  const { t } = useTranslation();
  const el = useRef<HTMLSpanElement>(null);
  const textAt = useCallback(
    (now: number) => {
      const seconds = Math.ceil((deadline - now) / 1000);
      return seconds > 0 ? t('compose.sent.sendingIn', { count: seconds }) : t('compose.sent.sendingNow');
    },
    [deadline, t],
  );
  useEffect(() => {
    const id = setInterval(() => {
      if (el.current) el.current.textContent = textAt(Date.now());
    }, 250);
    return () => clearInterval(id);
  }, [textAt]);
  return <span ref={el}>{textAt(Date.now())}</span>;
}

/**
 * Send (or schedule) the draft: checks first, the draft saved, then send_email. The editor closes
 * and a notice offers Undo while the email waits (cancel_send brings the draft back, text intact).
 */
export function useSendDraft({
  id,
  path,
  saver,
  fields,
  attachmentCount,
  uploading,
  onProblems,
}: {
  id: number;
  path: string;
  saver: RefObject<DraftSaver | null>;
  fields: () => DraftFields;
  attachmentCount: () => number;
  uploading: () => boolean;
  onProblems: (problems: FieldProblems) => void;
}) {
  const { t } = useTranslation();
  const { message, modal, notification } = useFeedback();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);

  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: emailKeys.lists });
    void queryClient.invalidateQueries({ queryKey: ['email', 'history'] });
  };

  const undo = async (key: string) => {
    notification.destroy(key);
    const hide = message.loading(t('compose.sent.undoing'), 0);
    try {
      await cancelSend(id);
    } catch (err) {
      hide();
      void message.error(err instanceof RequestError ? err.message : t('compose.sent.undoFailed'));
      return;
    }
    hide();
    void message.success(t('compose.sent.undone'));
    refreshLists();
    navigate(`/email/emailCreate/${id}`);
  };

  /** `undoSeconds`: the server's window, from its answer (SendAnswer.undo_seconds). */
  const announce = (scheduledAt: Date | undefined, undoSeconds: number) => {
    const key = `sent-${id}`;
    const deadline = Date.now() + undoSeconds * 1000;
    notification.open({
      key,
      type: 'success',
      title: scheduledAt ? (
        t('compose.sent.scheduled', { time: showSendTime(scheduledAt) })
      ) : (
        <SendCountdown deadline={deadline} />
      ),
      description: scheduledAt ? t('compose.sent.scheduledHint') : t('compose.sent.undoHint'),
      actions: (
        <Button size="small" type="primary" onClick={() => void undo(key)}>
          {t('compose.sent.undo')}
        </Button>
      ),
      duration: scheduledAt ? 15 : undoSeconds,
      // The server sends at the deadline, whatever the pointer does.
      pauseOnHover: false,
    });
  };

  const ask = (question: 'noSubject' | 'noAttachment') =>
    modal.confirm({
      title: t(`compose.send.${question}`),
      content: t(`compose.send.${question}Hint`),
      okText: t('compose.send.sendAnyway'),
      cancelText: t('compose.send.goBack'),
    });

  const send = async (scheduledAt?: Date) => {
    const s = saver.current;
    if (!s || sending) return;
    const current = fields();
    const checks = sendChecks(current, attachmentCount());
    onProblems(checks.errors);
    if (Object.keys(checks.errors).length > 0) return;
    if (uploading()) {
      void message.warning(t('compose.send.waitUploads'));
      return;
    }
    for (const q of checks.questions) if (!(await ask(q))) return;

    setSending(true);
    let answer: SendAnswer;
    try {
      if (!(await s.flush())) {
        if (s.status !== 'conflict') void message.error(t('compose.send.notSaved'));
        return;
      }
      const body = scheduledAt
        ? { id, version: s.version, send_at: scheduledAt.toISOString() }
        : { id, version: s.version, undo_seconds: UNDO_SECONDS };
      answer = await sendEmail(body);
    } catch (err) {
      const problems: FieldProblems = {};
      for (const f of fieldErrorsOf(err)) {
        const field = sendFieldOf(f.name);
        if (field) problems[field] = { key: 'server', values: { message: f.errors[0] ?? '' } };
      }
      onProblems(problems);
      if (
        Object.keys(problems).length === 0 &&
        err instanceof RequestError &&
        (err.kind === 'business' || err.kind === 'forbidden')
      ) {
        void message.error(err.message);
      }
      return;
    } finally {
      setSending(false);
    }
    s.finish();
    refreshLists();
    announce(scheduledAt, answer.undo_seconds);
    navigate(outboxAfterSend(id));
    tagsStore.close(path, OUTBOX);
  };

  return { send, sending };
}
