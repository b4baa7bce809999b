import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { Draft } from '@quayside/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, type InputRef, Popconfirm, Skeleton, Tooltip } from 'antd';
import { type DragEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { tagsStore } from '@/layout/tags-store';
import { useTabLabel } from '@/layout/useTabLabel';
import { useFeedback } from '@/shared/feedback';
import { useCanOpen } from '@/shared/routes/pages';
import { emailKeys } from '../../api';
import { useRunAction } from '../../components/BulkActions';
import { fileSize } from '../../email-format';
import {
  composeKeys,
  discardBlankDraft,
  fetchDraft,
  type SendAccount,
  useBlacklistedRecipients,
  useDraftFiles,
} from '../api';
import { uploading as anyUploading } from '../attachments';
import { type DraftFields, fieldsOfDraft, samePayload } from '../draft-fields';
import { DRAFT_HTML_MAX_BYTES, htmlTooLarge, isBlankDraft, prepareDraftHtml } from '../draft-html';
import type { EditorHandle } from '../editor/RichEditor';
import { rememberLeftBlank } from '../left-blank';
import {
  clearLocalCopy,
  decideLocalCopy,
  hasUnsavable,
  type LocalCopy,
  pruneLocalCopies,
  readLocalCopy,
} from '../local-copy';
import { swapSignature } from '../signature';
import { useAttachments } from '../useAttachments';
import { useDraftSaver } from '../useDraftSaver';
import { type FieldProblems, useSendDraft } from '../useSendDraft';
import { AttachmentPanel } from './AttachmentPanel';
import { ComposeFields } from './ComposeFields';
import { ConflictAlert, RestoreAlert } from './DraftAlerts';
import { SaveStatus } from './SaveStatus';
import { SendButton } from './SendButton';

const loadEditor = () => import('../editor/RichEditor');
// The editor's code starts loading with the page, beside the draft.
void loadEditor();
const RichEditor = lazy(loadEditor);

const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');

/** The editor of one loaded draft: fields, body, files, saving, sending. */
export function Composer({ draft, accounts }: { draft: Draft; accounts: SendAccount[] }) {
  const { t } = useTranslation();
  const mayManageAccounts = useCanOpen()('/email/accounts');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id } = draft;
  const path = `/email/emailCreate/${id}`;
  const scope = useRef<HTMLDivElement>(null);
  const subjectRef = useRef<InputRef>(null);
  const editor = useRef<EditorHandle | null>(null);

  const [initialHtml] = useState(() => prepareDraftHtml(draft.html));
  const [form, setForm] = useState<DraftFields>(() => ({ ...fieldsOfDraft(draft), html: initialHtml }));
  // The editor's heading, and its tab's name.
  const heading = form.subject.trim() || t('compose.newMessage');
  useTabLabel(heading);
  const fields = useRef(form);
  const [showCc, setShowCc] = useState(draft.cc.length > 0);
  const [showBcc, setShowBcc] = useState(draft.bcc.length > 0);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [offer, setOffer] = useState<LocalCopy | null>(null);
  const [dragging, setDragging] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);
  const dragDepth = useRef(0);

  const { state: saveState, saver, start } = useDraftSaver(id);

  const update = useCallback(
    (patch: Partial<DraftFields>) => {
      fields.current = { ...fields.current, ...patch };
      if (Object.keys(patch).some((k) => k !== 'html')) setForm(fields.current);
      if (patch.html !== undefined) setTooLarge(htmlTooLarge(patch.html));
      setProblems((p) => {
        const keys = Object.keys(patch).filter((k) => k in p);
        if (keys.length === 0) return p;
        const next = { ...p };
        for (const k of keys) delete next[k as keyof FieldProblems];
        return next;
      });
      saver.current?.change(fields.current);
    },
    [saver],
  );

  const files = useDraftFiles(id, draft.attachment_ids.length > 0);
  const attachments = useAttachments(draft.attachment_ids, files.data, (ids) =>
    update({ attachment_ids: ids }),
  );
  const attachmentItems = useRef(attachments.items);
  attachmentItems.current = attachments.items;

  const recipients = [...form.to, ...form.cc, ...form.bcc].filter((r) => r.valid).map((r) => r.address);
  const blacklisted = useBlacklistedRecipients(recipients);

  // The saver starts from the draft as the editor writes it, so opening it saves nothing.
  const started = useRef(false);
  const opened = useRef<DraftFields | null>(null);
  // A new, empty draft left without a thing typed is not kept: its tab closed, or the page
  // unloaded (a reload, a closed window). `persisted`: the page only went into the back/forward
  // cache and may come back as it is.
  const leftBlank = () => {
    const first = opened.current;
    if (!first || !isBlankDraft(draft)) return false;
    if (!samePayload(first, fields.current) || hasUnsavable(fields.current)) return false;
    return saver.current?.status !== 'sent';
  };
  const leftBlankRef = useRef(leftBlank);
  leftBlankRef.current = leftBlank;
  // biome-ignore lint/correctness/useExhaustiveDependencies: on leaving only, with the latest fields
  useEffect(
    () => () => {
      if (tagsStore.get().views.some((v) => v.path === path) || !leftBlankRef.current()) return;
      void discardBlankDraft(id).then(() => queryClient.invalidateQueries({ queryKey: emailKeys.lists }));
    },
    [],
  );
  useEffect(() => {
    const onPageHide = (e: PageTransitionEvent) => {
      if (e.persisted || !leftBlankRef.current()) return;
      const shown = window.location.pathname === path;
      // The page a reload brings back opens a new blank draft in its place; a tab in the
      // background is simply gone.
      if (shown) rememberLeftBlank(id);
      else tagsStore.close(path, window.location.pathname);
      void discardBlankDraft(id, true);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [id, path]);
  const onEditorReady = useCallback(
    (handle: EditorHandle) => {
      editor.current = handle;
      if (started.current) return;
      started.current = true;
      const fromServer = { ...fields.current, html: handle.getHtml() };
      pruneLocalCopies(Date.now());
      const copy = readLocalCopy(id);
      const decision = decideLocalCopy(copy, { fields: fromServer, version: draft.version });
      // Malformed recipients typed last time come back as typed (flagged), not silently dropped.
      const loaded =
        decision === 'merge' && copy
          ? { ...fromServer, to: copy.fields.to, cc: copy.fields.cc, bcc: copy.fields.bcc }
          : fromServer;
      fields.current = loaded;
      opened.current = loaded;
      if (loaded !== fromServer) {
        setForm(loaded);
        setShowCc((v) => v || loaded.cc.length > 0);
        setShowBcc((v) => v || loaded.bcc.length > 0);
      }
      start(draft.version, loaded);
      if (decision === 'offer') setOffer(copy);
      else if (copy && decision !== 'merge') clearLocalCopy(id);
    },
    [draft.version, id, start],
  );

  const restore = () => {
    if (!offer) return;
    const restored = offer.fields;
    setOffer(null);
    fields.current = restored;
    setForm(restored);
    setShowCc((v) => v || restored.cc.length > 0);
    setShowBcc((v) => v || restored.bcc.length > 0);
    attachments.reset(restored.attachment_ids);
    editor.current?.setHtml(restored.html);
    saver.current?.change(fields.current);
  };

  const loadTheirs = async () => {
    const fresh = await fetchDraft(id);
    clearLocalCopy(id);
    queryClient.setQueryData(composeKeys.draft(id), fresh);
  };

  const changeAccount = (accountId: number) => {
    const before = accounts.find((a) => a.id === fields.current.account_id);
    const after = accounts.find((a) => a.id === accountId);
    update({ account_id: accountId });
    const handle = editor.current;
    if (!handle) return;
    const html = handle.getHtml();
    const swap = swapSignature(html, before?.signature ?? '', after?.signature ?? '');
    if (swap.outcome === 'kept') void message.info(t('compose.signatureKept'));
    else if (swap.html !== html) handle.setHtml(swap.html);
  };

  const { send, sending } = useSendDraft({
    id,
    path,
    saver,
    fields: () => fields.current,
    attachmentCount: () => attachmentItems.current.filter((a) => a.status === 'done').length,
    uploading: () => anyUploading(attachmentItems.current),
    onProblems: setProblems,
  });

  const { run } = useRunAction();
  const discard = async () => {
    await saver.current?.settle();
    if (await run({ kind: 'trash', ids: [id] })) {
      saver.current?.finish();
      navigate('/email/drafts');
      tagsStore.close(path, '/email/drafts');
    }
  };

  // Ctrl/Cmd+Enter sends (before the editor turns it into a line break); Ctrl/Cmd+S saves now.
  const latestSend = useRef(send);
  latestSend.current = send;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = scope.current;
      if (!el || el.closest('[hidden]') || !(e.ctrlKey || e.metaKey)) return;
      if ((e.target as HTMLElement | null)?.closest?.('.ant-modal')) return;
      if (e.key === 'Enter') {
        e.preventDefault();
        e.stopPropagation();
        void latestSend.current();
      } else if (e.key === 's') {
        e.preventDefault();
        void saver.current?.flush();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [saver]);

  const picker = useRef<HTMLInputElement>(null);
  const drop = {
    onDragEnter: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      dragDepth.current += 1;
      setDragging(true);
    },
    onDragLeave: () => {
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragging(false);
    },
    onDragOver: (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      dragDepth.current = 0;
      setDragging(false);
      // The editor took it (pictures dropped into the text).
      if (e.nativeEvent.defaultPrevented || !hasFiles(e)) return;
      e.preventDefault();
      attachments.add([...e.dataTransfer.files]);
    },
  };

  const isReply = draft.in_reply_to !== '' || /qs-(quote|forward)/.test(draft.html);
  return (
    <div className="page compose-page" ref={scope} {...drop}>
      <Card variant="borderless" className="compose-card">
        <div className="compose-head">
          <h1 className="compose-head__title">{heading}</h1>
          <SaveStatus
            state={saveState}
            loadedAt={Date.parse(draft.version)}
            onRetry={() => void saver.current?.flush()}
          />
        </div>
        {offer && (
          <RestoreAlert
            changedAt={offer.changedAt}
            onRestore={restore}
            onDiscard={() => {
              clearLocalCopy(id);
              setOffer(null);
            }}
          />
        )}
        {tooLarge && (
          <Alert
            type="error"
            showIcon
            className="compose-alert"
            title={t('compose.tooLarge', { max: fileSize(DRAFT_HTML_MAX_BYTES) })}
            description={t('compose.tooLargeHint')}
          />
        )}
        {!accounts.some((a) => a.id === form.account_id) && (
          <Alert
            type="warning"
            showIcon
            className="compose-alert"
            title={t('compose.noMailbox')}
            description={
              // Mail accounts are the admin's: anyone else is told who assigns one (no link to 401).
              mayManageAccounts ? (
                <Trans
                  i18nKey="compose.noMailboxText"
                  components={{ accounts: <Link to="/email/accounts" /> }}
                />
              ) : (
                t('compose.noMailboxAsk')
              )
            }
          />
        )}
        {saveState.status === 'conflict' && (
          <ConflictAlert
            onLoadTheirs={() => void loadTheirs()}
            onKeepMine={() => void saver.current?.keepMine()}
          />
        )}
        <ComposeFields
          form={form}
          accounts={accounts}
          problems={problems}
          blacklisted={blacklisted}
          showCc={showCc}
          showBcc={showBcc}
          onShowCc={() => setShowCc(true)}
          onShowBcc={() => setShowBcc(true)}
          onChange={update}
          onAccountChange={changeAccount}
          onSubjectBlur={() => void saver.current?.flush()}
          subjectRef={subjectRef}
          focusTo={form.to.length === 0}
        />
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} className="compose-editor-loading" />}>
          <RichEditor
            initialHtml={initialHtml}
            placeholder={() => t('compose.bodyPlaceholder')}
            autofocus={isReply && draft.to.length > 0}
            label={t('compose.body')}
            onChange={(html) => update({ html })}
            onBlur={() => void saver.current?.flush()}
            onAttachFiles={attachments.add}
            onReady={onEditorReady}
          />
        </Suspense>
        <AttachmentPanel items={attachments.items} onRemove={attachments.remove} />
        <div className="compose-foot">
          <SendButton sending={sending} onSend={(at) => void send(at)} />
          <Tooltip title={t('compose.attach.hint')}>
            <Button icon={<PaperClipOutlined />} onClick={() => picker.current?.click()}>
              {t('compose.attach.add')}
            </Button>
          </Tooltip>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            data-testid="compose-file-input"
            onChange={(e) => {
              attachments.add([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
          <span className="compose-foot__spacer" />
          <Popconfirm
            title={t('compose.discardConfirm')}
            description={t('compose.discardHint')}
            okText={t('compose.discard')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => void discard()}
          >
            <Tooltip title={t('compose.discard')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('compose.discard')} />
            </Tooltip>
          </Popconfirm>
        </div>
      </Card>
      {dragging && (
        <div className="compose-drop" aria-hidden>
          <div className="compose-drop__box">
            <PaperClipOutlined />
            <span>{t('compose.attach.drop')}</span>
          </div>
        </div>
      )}
    </div>
  );
}
