import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** Reads Server-Sent Events from a real HTTP connection until `count` events arrived. */
function readEvents(
  url: string,
  count: number,
): Promise<{ status: number; events: { event: string; data: unknown }[] }> {
  return new Promise((resolve, reject) => {
    const events: { event: string; data: unknown }[] = [];
    const req = http.get(url, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = block.match(/^event: (.+)$/m)?.[1];
          const data = block.match(/^data: (.+)$/m)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          if (events.length >= count) {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, events });
            return;
          }
          end = buffer.indexOf('\n\n');
        }
      });
    });
    req.on('error', reject);
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('live events', () => {
  it('streams the events meant for the signed-in user and for everyone, not for others', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/user_info/',
      headers: { 'x-token': t.adminToken },
    });
    const adminId = info.json().data.id as number;

    const reading = readEvents(`http://127.0.0.1:${port}/api/events/?token=${t.adminToken}`, 2);
    await new Promise((r) => setTimeout(r, 200));
    t.app.ctx.events.publish({ userId: adminId + 1000 }, { type: 'unread', data: { count: 99 } });
    t.app.ctx.events.publish({ userId: adminId }, { type: 'unread', data: { count: 3 } });
    t.app.ctx.events.publish('all', { type: 'task', data: { id: 7, progress: 50 } });
    const { status, events } = await reading;
    expect(status).toBe(200);
    expect(events).toEqual([
      { event: 'unread', data: { count: 3 } },
      { event: 'task', data: { id: 7, progress: 50 } },
    ]);
  });

  it('refuses a stream without a valid token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/events/?token=nope' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('AUTH_REQUIRED');
  });
});
