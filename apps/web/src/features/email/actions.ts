import type { EmailStatusId, EmailTypeId } from '@quayside/contract';
import type { RowPatch } from './list-cache';

/** The bulk actions of the mail screens (API.md "Email"), each one POST with `ids`. */
export type EmailAction =
  | { kind: 'read'; ids: number[]; read: boolean }
  | { kind: 'type'; ids: number[]; type: EmailTypeId }
  | { kind: 'status'; ids: number[]; status: EmailStatusId }
  | { kind: 'handler'; ids: number[]; handlerId: number | null; handlerName: string }
  | { kind: 'trash' | 'restore' | 'delete'; ids: number[] };

/** The call an action makes. */
export function actionRequest(action: EmailAction): { path: string; body: Record<string, unknown> } {
  const { ids } = action;
  switch (action.kind) {
    case 'read':
      return { path: '/email/mark_read/', body: { ids, read: action.read } };
    case 'type':
      return { path: '/email/change_type/', body: { ids, type: action.type } };
    case 'status':
      return { path: '/email/update_status/', body: { ids, status: action.status } };
    case 'handler':
      return { path: '/email/update_handler/', body: { ids, handler_id: action.handlerId } };
    default:
      return { path: `/email/${action.kind}/`, body: { ids } };
  }
}

/**
 * What the rows on screen look like once the action is done, shown at once: changed fields, or
 * 'leave' when the rows leave the list they are in (trash, restore, delete forever).
 */
export function actionEffect(action: EmailAction): RowPatch | 'leave' {
  switch (action.kind) {
    case 'read':
      return { is_read: action.read };
    case 'type':
      return { type: action.type };
    case 'status':
      return { status: action.status };
    case 'handler':
      return { handler_id: action.handlerId, handler_name: action.handlerId ? action.handlerName : '' };
    default:
      return 'leave';
  }
}

/** The i18n key (under `email.done`) of the message that confirms an action. */
export function actionDoneKey(action: EmailAction): string {
  if (action.kind === 'read') return action.read ? 'email.done.read' : 'email.done.unread';
  return `email.done.${action.kind}`;
}
