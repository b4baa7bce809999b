import {
  envelope,
  idQuery,
  idsBody,
  listAnswer,
  task,
  taskAudience,
  taskAudienceCount,
  taskCreate,
  taskDailyCap,
  taskIdBody,
  taskListItem,
  taskListQuery,
  taskPreview,
  taskPreviewBody,
  taskRecipient,
  taskRecipientsQuery,
  taskRetry,
  taskTestSend,
  taskTestSent,
  taskUpdate,
} from '@quayside/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { taskAccountLimits } from '../../db/schema';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { requestLanguage } from '../../lib/i18n';
import { sendXlsx, XLSX_MIME } from '../../lib/spreadsheet';
import { audienceCount, resolveAudience } from './audience';
import { renderMerge } from './merge';
import taskPublicRoutes from './public-routes';
import * as service from './service';
import { exportRecipients, recipientsFileName } from './spreadsheet';
import { mergeValuesFor, sendTestEmail } from './test-send';
import { DEFAULT_TASK_SENDER } from './worker';

/** Where the pixel and unsubscribe links of a task's emails point: the address it was started from. */
const publicUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Tasks (spec §2): the list is for admins and salespeople (hers only); create and detail are hidden
 * routes every signed-in user reaches, and a task is worked as access.ts `mayWorkTask` says.
 */
export default async function taskRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  const tags = ['tasks'];
  const admin = { access: ['admin'] } as const;
  const user = { access: 'user' } as const;
  const one = { 200: envelope(task) };
  const count = envelope(z.object({ count: z.number().int() }));

  await app.register(taskPublicRoutes);

  app.get(
    '/api/task/list/',
    {
      config: { access: ['sales'] },
      schema: { tags, querystring: taskListQuery, response: { 200: envelope(listAnswer(taskListItem)) } },
    },
    async (request) => ok(await service.listTasks(db, currentUser(request), request.query)),
  );
  app.get(
    '/api/task/detail/',
    { config: user, schema: { tags, querystring: idQuery, response: one } },
    async (request) => ok(await service.getTask(db, currentUser(request), request.query.id)),
  );
  app.post(
    '/api/task/create/',
    {
      config: user,
      schema: {
        tags,
        body: taskCreate,
        response: { 200: envelope(task.extend({ duplicates: z.array(z.string()) })) },
      },
    },
    async (request) => ok(await service.createTask(ctx, currentUser(request), request.body)),
  );
  app.post(
    '/api/task/update/',
    { config: user, schema: { tags, body: taskUpdate, response: one } },
    async (request) => ok(await service.updateTask(db, currentUser(request), request.body)),
  );
  app.post(
    '/api/task/delete/',
    { config: user, schema: { tags, body: idsBody, response: { 200: count } } },
    async (request) => ok({ count: await service.deleteTasks(db, currentUser(request), request.body.ids) }),
  );
  app.post(
    '/api/task/start/',
    { config: user, schema: { tags, body: taskIdBody, response: one } },
    async (request) =>
      ok(await service.startTask(ctx, currentUser(request), request.body.id, publicUrl(request))),
  );
  app.post(
    '/api/task/resume/',
    { config: user, schema: { tags, body: taskIdBody, response: one } },
    async (request) =>
      ok(await service.startTask(ctx, currentUser(request), request.body.id, publicUrl(request))),
  );
  app.post(
    '/api/task/pause/',
    { config: user, schema: { tags, body: taskIdBody, response: one } },
    async (request) => ok(await service.pauseTask(db, currentUser(request), request.body.id)),
  );
  app.post(
    '/api/task/cancel/',
    { config: user, schema: { tags, body: taskIdBody, response: one } },
    async (request) => ok(await service.cancelTask(db, currentUser(request), request.body.id)),
  );
  app.post(
    '/api/task/retry/',
    { config: user, schema: { tags, body: taskRetry, response: one } },
    async (request) =>
      ok(
        await service.retryRecipients(ctx, currentUser(request), request.body.id, request.body.recipient_ids),
      ),
  );
  app.get(
    '/api/task/recipients/',
    {
      config: user,
      schema: {
        tags,
        querystring: taskRecipientsQuery,
        response: { 200: envelope(listAnswer(taskRecipient)) },
      },
    },
    async (request) => ok(await service.listRecipients(db, currentUser(request), request.query)),
  );
  app.get(
    '/api/task/export/',
    { config: user, schema: { tags, querystring: taskRecipientsQuery, produces: [XLSX_MIME] } },
    async (request, reply) => {
      await service.loadTask(db, currentUser(request), request.query.id);
      return sendXlsx(
        reply,
        recipientsFileName(request.query.id),
        await exportRecipients(db, request.query, requestLanguage(request)),
      );
    },
  );
  app.post(
    '/api/task/count/',
    { config: user, schema: { tags, body: taskAudience, response: { 200: envelope(taskAudienceCount) } } },
    async (request) => ok(audienceCount(await resolveAudience(db, currentUser(request), request.body))),
  );
  app.post(
    '/api/task/preview/',
    { config: user, schema: { tags, body: taskPreviewBody, response: { 200: envelope(taskPreview) } } },
    async (request) => {
      const values = await mergeValuesFor(db, request.body.address, currentUser(request));
      return ok({
        subject: renderMerge(request.body.subject, values, 'text'),
        html: renderMerge(request.body.html, values, 'html'),
      });
    },
  );
  app.post(
    '/api/task/test_send/',
    { config: user, schema: { tags, body: taskTestSend, response: { 200: envelope(taskTestSent) } } },
    async (request) => ok(await sendTestEmail(ctx, currentUser(request), request.body, publicUrl(request))),
  );
  app.get(
    '/api/task/daily_cap/',
    {
      config: admin,
      schema: {
        tags,
        querystring: z.object({ account_id: idQuery.shape.id }),
        response: { 200: envelope(taskDailyCap) },
      },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(taskAccountLimits)
        .where(eq(taskAccountLimits.accountId, request.query.account_id));
      return ok({
        account_id: request.query.account_id,
        daily_cap: row?.dailyCap ?? DEFAULT_TASK_SENDER.defaultDailyCap,
      });
    },
  );
  app.post(
    '/api/task/set_daily_cap/',
    { config: admin, schema: { tags, body: taskDailyCap, response: { 200: envelope(taskDailyCap) } } },
    async (request) => {
      const { account_id: accountId, daily_cap: dailyCap } = request.body;
      await db
        .insert(taskAccountLimits)
        .values({ accountId, dailyCap })
        .onConflictDoUpdate({ target: taskAccountLimits.accountId, set: { dailyCap } });
      return ok(request.body);
    },
  );
}
