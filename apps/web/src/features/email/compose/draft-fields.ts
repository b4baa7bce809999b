import type { Draft, EmailAddress } from '@quayside/contract';
import { fromAddresses, type Recipient, toAddresses } from './addresses';

/** What the user edits in a draft, recipients as typed (a malformed one included). */
export interface DraftFields {
  account_id: number;
  to: Recipient[];
  cc: Recipient[];
  bcc: Recipient[];
  subject: string;
  html: string;
  attachment_ids: number[];
}

/** The fields as save_draft and send_email take them: only well-formed addresses. */
export interface DraftPayload {
  account_id: number;
  to: EmailAddress[];
  cc: EmailAddress[];
  bcc: EmailAddress[];
  subject: string;
  html: string;
  attachment_ids: number[];
}

export function payloadOf(fields: DraftFields): DraftPayload {
  return {
    account_id: fields.account_id,
    to: toAddresses(fields.to),
    cc: toAddresses(fields.cc),
    bcc: toAddresses(fields.bcc),
    subject: fields.subject,
    html: fields.html,
    attachment_ids: fields.attachment_ids,
  };
}

/** Same content for the server (what a save would store). */
export const samePayload = (a: DraftFields, b: DraftFields) =>
  JSON.stringify(payloadOf(a)) === JSON.stringify(payloadOf(b));

export function fieldsOfDraft(draft: Draft): DraftFields {
  return {
    account_id: draft.account_id,
    to: fromAddresses(draft.to),
    cc: fromAddresses(draft.cc),
    bcc: fromAddresses(draft.bcc),
    subject: draft.subject,
    html: draft.html,
    attachment_ids: draft.attachment_ids,
  };
}
