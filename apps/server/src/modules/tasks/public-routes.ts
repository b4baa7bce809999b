import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailBlacklist, taskRecipients } from '../../db/schema';
import { UNSUBSCRIBED_REMARK } from './audience';
import { countsAsOpen } from './opens';
import { announceTask } from './service';

/** The 1×1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const tokenQuery = z.object({
  t: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional(),
});

const page = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
        `<title>Unsubscribe · 退订</title></head><body style="font-family:sans-serif;max-width:560px;margin:48px auto;padding:0 16px">${body}</body></html>`,
    );

/**
 * What the recipients of a task reach without signing in (API.md): the tracking pixel and the
 * unsubscribe page with its RFC 8058 one-click POST. Both are keyed by the recipient's unguessable
 * token, and keep working once the task is deleted (tasks are soft-deleted).
 */
export default async function taskPublicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const config = { access: 'public' } as const;
  const schema = { hide: true, querystring: tokenQuery };
  // Mail clients post the one-click form as `List-Unsubscribe=One-Click` (urlencoded); nothing in it is needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
    done(null, {}),
  );

  const recipientOf = async (token: string | undefined) => {
    if (!token) return undefined;
    const [row] = await db.select().from(taskRecipients).where(eq(taskRecipients.token, token));
    return row;
  };

  app.get('/api/task/open/', { config, schema }, async (request, reply) => {
    const r = await recipientOf(request.query.t);
    if (r) {
      const counted = countsAsOpen({ userAgent: request.headers['user-agent'], at: new Date() }, r.sentAt);
      await db
        .update(taskRecipients)
        .set({
          hitCount: sql`${taskRecipients.hitCount} + 1`,
          ...(counted
            ? {
                openCount: sql`${taskRecipients.openCount} + 1`,
                openedAt: sql`coalesce(${taskRecipients.openedAt}, now())`,
                status: sql`CASE WHEN ${taskRecipients.status} = 'sent' THEN 'opened' ELSE ${taskRecipients.status} END`,
              }
            : {}),
        })
        .where(eq(taskRecipients.id, r.id));
      if (counted) await announceTask(app.ctx, r.taskId);
    }
    return reply.type('image/gif').header('Cache-Control', 'no-store, private').send(PIXEL);
  });

  app.get('/api/task/unsubscribe/', { config, schema }, async (request, reply) => {
    const r = await recipientOf(request.query.t);
    if (!r) return page(reply, 404, '<p>This link is not valid. · 此链接无效。</p>');
    // A button, not an unsubscribe on GET: link scanners open every link of a message.
    return page(
      reply,
      200,
      `<h1 style="font-size:20px">Unsubscribe · 退订</h1><p>Stop emails to <b>${r.address.replace(/[<>&"]/g, '')}</b>? · 不再向此地址发送邮件？</p>` +
        `<form method="post"><button type="submit" style="font-size:16px;padding:8px 20px">Unsubscribe · 退订</button></form>`,
    );
  });

  app.post('/api/task/unsubscribe/', { config, schema }, async (request, reply) => {
    const r = await recipientOf(request.query.t);
    if (!r) return page(reply, 404, '<p>This link is not valid. · 此链接无效。</p>');
    await db
      .insert(emailBlacklist)
      .values({ value: r.address, remark: `${UNSUBSCRIBED_REMARK} (task #${r.taskId})` })
      .onConflictDoNothing();
    // Still pending in a running task: never sent now.
    await db
      .update(taskRecipients)
      .set({ status: 'skipped', error: 'unsubscribed' })
      .where(and(eq(taskRecipients.address, r.address), eq(taskRecipients.status, 'pending')));
    return page(reply, 200, '<p>You are unsubscribed. · 您已退订。</p>');
  });
}
