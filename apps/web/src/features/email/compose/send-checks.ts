import type { DraftFields } from './draft-fields';
import { mentionsAttachment } from './draft-html';

export type SendField = 'account_id' | 'to' | 'cc' | 'bcc' | 'subject';
export const SEND_FIELDS: readonly SendField[] = ['account_id', 'to', 'cc', 'bcc', 'subject'];

/** An i18n key (under `compose.send`) with its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

export interface SendChecks {
  /** What stops the send, per field. */
  errors: Partial<Record<SendField, Problem>>;
  /** What is worth a question first. */
  questions: ('noSubject' | 'noAttachment')[];
}

/** Before sending: recipients there and well-formed; a subject; the attachment the text mentions. */
export function sendChecks(fields: DraftFields, attachmentCount: number): SendChecks {
  const errors: SendChecks['errors'] = {};
  for (const field of ['to', 'cc', 'bcc'] as const) {
    const bad = fields[field].filter((r) => !r.valid).map((r) => r.address);
    if (bad.length > 0)
      errors[field] = { key: 'badAddress', values: { list: bad.join(', '), count: bad.length } };
  }
  const recipients = [...fields.to, ...fields.cc, ...fields.bcc].filter((r) => r.valid);
  if (recipients.length === 0 && !errors.to) errors.to = { key: 'noRecipient' };
  const questions: SendChecks['questions'] = [];
  if (!fields.subject.trim()) questions.push('noSubject');
  if (attachmentCount === 0 && mentionsAttachment(fields.html)) questions.push('noAttachment');
  return { errors, questions };
}

/** The field a server's field error is about (`to.0` → to). */
export function sendFieldOf(name: string): SendField | null {
  const head = name.split('.')[0] ?? '';
  return (SEND_FIELDS as readonly string[]).includes(head) ? (head as SendField) : null;
}
