import type { EmailDetail } from '@quayside/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { uploadFile } from '@/shared/files';
import { fileSize } from '../email-format';
import {
  type AttachmentItem,
  attachedIds,
  isTooBig,
  MAX_ATTACHMENT_BYTES,
  uploadPercent,
} from './attachments';

type StoredAttachment = EmailDetail['attachments'][number];

let nextKey = 0;

/** A size just over the cap must not read as the cap itself ("25 MB, the limit is 25 MB"). */
const sizeOverLimit = (bytes: number) =>
  fileSize(bytes) === fileSize(MAX_ATTACHMENT_BYTES)
    ? `${(bytes / 1024 / 1024).toFixed(2)} MB`
    : fileSize(bytes);

/** A file already on the draft (forwarded, or attached before the page opened). */
function storedItem(fileId: number, known: StoredAttachment | undefined): AttachmentItem {
  return {
    key: `file-${fileId}`,
    fileId,
    name: known?.name ?? '',
    size: known?.size ?? 0,
    mime: known?.mime ?? '',
    status: 'done',
    percent: 100,
    inline: Boolean(known?.inline && known.content_id),
  };
}

/**
 * The draft's files: those it has, and new ones uploaded with their progress. A file over the
 * server's cap is refused at once, in the user's language, before any byte is sent.
 */
export function useAttachments(
  initialIds: readonly number[],
  stored: readonly StoredAttachment[] | undefined,
  onIdsChange: (ids: number[]) => void,
) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [items, setItems] = useState<AttachmentItem[]>(() =>
    initialIds.map((id) => storedItem(id, undefined)),
  );
  const uploads = useRef(new Map<string, AbortController>());
  const latest = useRef(onIdsChange);
  latest.current = onIdsChange;

  // Names and sizes of the files the draft came with arrive after it.
  useEffect(() => {
    if (!stored) return;
    const byFile = new Map(stored.map((a) => [a.file_id, a]));
    setItems((list) =>
      list.map((a) => (a.fileId !== null && !a.name ? storedItem(a.fileId, byFile.get(a.fileId)) : a)),
    );
  }, [stored]);

  // The draft follows the finished uploads and removals (not the progress of each upload).
  const idsKey = attachedIds(items).join(',');
  const reported = useRef(idsKey);
  useEffect(() => {
    if (idsKey === reported.current) return;
    reported.current = idsKey;
    latest.current(idsKey ? idsKey.split(',').map(Number) : []);
  }, [idsKey]);

  const patch = useCallback(
    (key: string, p: Partial<AttachmentItem>) =>
      setItems((list) => list.map((a) => (a.key === key ? { ...a, ...p } : a))),
    [],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      for (const file of files) {
        const key = `new-${++nextKey}`;
        const base = { key, fileId: null, name: file.name, size: file.size, mime: file.type, percent: 0 };
        if (isTooBig(file.size)) {
          const error = t('compose.attach.tooBig', {
            name: file.name,
            size: sizeOverLimit(file.size),
            limit: fileSize(MAX_ATTACHMENT_BYTES),
          });
          void message.error(error);
          setItems((list) => [...list, { ...base, status: 'error', error }]);
          continue;
        }
        const controller = new AbortController();
        uploads.current.set(key, controller);
        setItems((list) => [...list, { ...base, status: 'uploading' }]);
        uploadFile(file, file.name, {
          quiet: true,
          signal: controller.signal,
          onProgress: (loaded, total) => patch(key, { percent: uploadPercent(loaded, total || file.size) }),
        })
          .then((info) => patch(key, { fileId: info.id, status: 'done', percent: 100, mime: info.mime }))
          .catch((err: unknown) => {
            if (controller.signal.aborted) return;
            patch(key, { status: 'error', error: err instanceof Error ? err.message : String(err) });
          })
          .finally(() => uploads.current.delete(key));
      }
    },
    [patch, message, t],
  );

  const remove = useCallback((key: string) => {
    uploads.current.get(key)?.abort();
    setItems((list) => list.filter((a) => a.key !== key));
  }, []);

  /** The files of another version of the draft (a restored copy, a cancelled send). */
  const reset = useCallback((ids: readonly number[]) => {
    reported.current = ids.join(',');
    setItems((list) => {
      const known = new Map(list.filter((a) => a.fileId !== null).map((a) => [a.fileId, a]));
      return ids.map((id) => known.get(id) ?? storedItem(id, undefined));
    });
  }, []);

  // Leaving the page stops the uploads still running.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const c of running.values()) c.abort();
    };
  }, []);

  return { items, add, remove, reset };
}
