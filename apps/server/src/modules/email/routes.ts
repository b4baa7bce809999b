import {
  cancelSendBody,
  changeTypeBody,
  composeAnswer,
  composeQuery,
  draft,
  emailDetail,
  emailHistoryQuery,
  emailListItem,
  emailListQuery,
  envelope,
  idQuery,
  idsBody,
  listAnswer,
  markReadBody,
  matchAddressItem,
  matchAddressQuery,
  saveDraftBody,
  sendAccount,
  sendAnswer,
  sendEmailBody,
  unreadAnswer,
  updateHandlerBody,
  updateStatusBody,
} from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { assertMailIds, emailReaders } from './access';
import { sendAccounts } from './accounts';
import * as actions from './actions';
import adminRoutes from './admin-routes';
import { compose, loadDraft, saveDraft } from './compose';
import { cancelSend, retrySend, sendEmail } from './send';
import { emailHistory, listEmails, emailDetail as loadDetail, matchAddress } from './service';
import { unreadCount } from './unread';

/**
 * Mail API (API.md "Email"). Folder lists, detail and bulk actions are for the readers of mail
 * (admin; sales on the accounts assigned to her, `mailScope`); the unread badge, the history on the
 * customer page, the sending accounts and address completion are for every signed-in user, each
 * narrowed by the same rule (docs/decisions/email.md and who-sees-what.md).
 */
const readers = { access: emailReaders } as const;
const signedIn = { access: 'user' } as const;
const done = envelope(z.null());

export default async function emailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, events } = app.ctx;
  const tags = ['email'];

  app.get(
    '/api/email/unread/',
    { config: signedIn, schema: { tags, response: { 200: envelope(unreadAnswer) } } },
    async (request) => ok({ count: await unreadCount(db, currentUser(request)) }),
  );
  app.get(
    '/api/email/list/',
    {
      config: readers,
      schema: { tags, querystring: emailListQuery, response: { 200: envelope(listAnswer(emailListItem)) } },
    },
    async (request) => ok(await listEmails(db, currentUser(request), request.query)),
  );
  app.get(
    '/api/email/history/',
    {
      config: signedIn,
      schema: {
        tags,
        querystring: emailHistoryQuery,
        response: { 200: envelope(listAnswer(emailListItem)) },
      },
    },
    async (request) => ok(await emailHistory(db, currentUser(request), request.query)),
  );
  app.get(
    '/api/email/detail/',
    {
      // Opening an email marks it read: a change, so the token must come as X-Token.
      config: { access: emailReaders, changesState: true },
      schema: { tags, querystring: idQuery, response: { 200: envelope(emailDetail) } },
    },
    async (request) => ok(await loadDetail(db, events, currentUser(request), request.query.id)),
  );
  app.get(
    '/api/email/get_send_account/',
    { config: signedIn, schema: { tags, response: { 200: envelope(z.array(sendAccount)) } } },
    async (request) => ok(await sendAccounts(db, currentUser(request))),
  );
  app.get(
    '/api/email/match_address/',
    {
      config: signedIn,
      schema: {
        tags,
        querystring: matchAddressQuery,
        response: { 200: envelope(z.array(matchAddressItem)) },
      },
    },
    async (request) => ok(await matchAddress(db, currentUser(request), request.query.q)),
  );

  // Composing: any signed-in user, on accounts they may use (checked in compose.ts; 403 otherwise).
  app.get(
    '/api/email/compose/',
    {
      // A GET (spec) that creates a draft: the token only as X-Token, so no other site can trigger it.
      config: { ...signedIn, changesState: true },
      schema: { tags, querystring: composeQuery, response: { 200: envelope(composeAnswer) } },
    },
    async (request) => ok(await compose(db, currentUser(request), request.query)),
  );
  app.get(
    '/api/email/draft/',
    { config: signedIn, schema: { tags, querystring: idQuery, response: { 200: envelope(draft) } } },
    async (request) => ok(await loadDraft(db, currentUser(request), request.query.id)),
  );
  app.post(
    '/api/email/save_draft/',
    { config: signedIn, schema: { tags, body: saveDraftBody, response: { 200: envelope(draft) } } },
    async (request) => ok(await saveDraft(db, currentUser(request), request.body)),
  );

  app.post(
    '/api/email/send_email/',
    { config: signedIn, schema: { tags, body: sendEmailBody, response: { 200: envelope(sendAnswer) } } },
    async (request) => ok(await sendEmail(app.ctx, currentUser(request), request.body)),
  );
  app.post(
    '/api/email/cancel_send/',
    { config: signedIn, schema: { tags, body: cancelSendBody, response: { 200: envelope(draft) } } },
    async (request) => ok(await cancelSend(app.ctx, currentUser(request), request.body.id)),
  );
  app.post(
    '/api/email/retry_send/',
    { config: signedIn, schema: { tags, body: idsBody, response: { 200: done } } },
    async (request) => {
      await retrySend(app.ctx, currentUser(request), request.body.ids);
      return ok(null);
    },
  );

  const bulk = <B extends z.ZodType<{ ids: number[] }>>(
    path: string,
    body: B,
    run: (input: z.infer<B>) => Promise<void>,
  ) =>
    app.post(path, { config: readers, schema: { tags, body, response: { 200: done } } }, async (request) => {
      const input = request.body as z.infer<B>;
      await assertMailIds(db, currentUser(request), input.ids);
      await run(input);
      return ok(null);
    });
  bulk('/api/email/change_type/', changeTypeBody, (b) => actions.changeType(db, b.ids, b.type));
  bulk('/api/email/update_status/', updateStatusBody, (b) => actions.updateStatus(db, b.ids, b.status));
  bulk('/api/email/update_handler/', updateHandlerBody, (b) =>
    actions.updateHandler(db, b.ids, b.handler_id),
  );
  bulk('/api/email/mark_read/', markReadBody, (b) => actions.markRead(db, events, b.ids, b.read));
  bulk('/api/email/trash/', idsBody, (b) => actions.trashEmails(db, events, b.ids));
  bulk('/api/email/restore/', idsBody, (b) => actions.restoreEmails(db, events, b.ids));
  bulk('/api/email/delete/', idsBody, (b) => actions.deleteEmails(db, events, b.ids));

  await app.register(adminRoutes);
}
