import type { Readable } from 'node:stream';
import type { TaskRecipientsQuery } from '@quayside/contract';
import type { Db } from '../../db/client';
import type { Lang } from '../../lib/i18n';
import { streamWorkbook } from '../../lib/spreadsheet';
import { allRecipients } from './service';

const HEADERS = {
  en: ['Address', 'Name', 'Customer id', 'Status', 'Reason', 'Scheduled at', 'Sent at', 'Opened at', 'Opens'],
  zh: ['邮箱', '姓名', '客户编号', '状态', '原因', '计划时间', '发送时间', '打开时间', '打开次数'],
};

/** A task's recipients as .xlsx (the detail's export), with the list's status filter. */
export async function exportRecipients(
  db: Db,
  query: Pick<TaskRecipientsQuery, 'id' | 'status' | 'q'>,
  lang: Lang,
): Promise<Readable> {
  async function* rows() {
    for await (const r of allRecipients(db, query))
      yield [
        r.address,
        r.name,
        r.customer_id,
        r.status,
        r.error,
        r.scheduled_at,
        r.sent_at,
        r.opened_at,
        r.open_count,
      ];
  }
  return streamWorkbook(
    lang === 'zh' ? '收件人' : 'Recipients',
    HEADERS[lang].map((header) => ({ header, width: 22 })),
    rows(),
  );
}

export const recipientsFileName = (id: number) => `task-${id}-recipients.xlsx`;
