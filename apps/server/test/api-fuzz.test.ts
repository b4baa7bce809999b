import type { Role } from '@quayside/contract';
import { validate as validateOpenApi } from '@readme/openapi-parser';
import type { ValidateFunction } from 'ajv';
import Ajv from 'ajv/dist/2020';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { OpenAPI } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailAccounts, emailAccountUsers, loginFailures, users } from '../src/db/schema';
import { seedDemo } from '../src/demo';
import { type Access, isAllowed } from '../src/lib/access';
import { createSession, findSession } from '../src/lib/sessions';
import { createUser } from '../src/modules/users/service';
import {
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  requestsFor,
  resolverOf,
} from './fuzz/requests';
import { createTestApp, type TestApp } from './helpers';

/**
 * The API fuzzed from its own OpenAPI document: every operation × admin / sales / editor / no token, with
 * valid and broken inputs generated from the schemas by fast-check. Any 5xx fails, and so does an
 * answer whose status the document does not list or whose body does not match the listed schema.
 * Sent through `app.inject` (the whole Fastify pipeline: routing, parsers, hooks, validation,
 * serialisation; no sockets, so 20,000 requests fit in the time). A stream that never ends (the
 * events) is read as a stream: its head and first event, then the client goes away.
 */
const MIN_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 20_000);
const ROLES = {
  admin: ['admin'],
  sales: ['sales'],
  editor: ['editor'],
  none: null,
} as const satisfies Record<string, Role[] | null>;
type RoleName = keyof typeof ROLES;

/** Operations with handling of their own, each for the reason given. */
const SPECIAL = {
  /**
   * Failed logins slow the username down (up to 4 s): the throttle (tested in auth.test.ts) is
   * cleared after each. Each login verifies an argon2 hash: a tenth of the runs of the others.
   */
  login: 'POST /api/login/',
  /** Would connect to whatever host was generated: the hosts are pointed at a closed local port instead. */
  testAccount: 'POST /api/email/test_email_account/',
};

let t: TestApp;
let doc: OpenApiDocument;
let operations: Operation[];
let ajv: Ajv;
const tokens: Record<RoleName, string | null> = { admin: null, sales: null, editor: null, none: null };
const identities: { id: number; roles: Role[]; role: RoleName }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx);
  for (const role of ['admin', 'sales', 'editor'] as const) {
    const roles = [...ROLES[role]];
    const user = await createUser(t.database.db, {
      username: `fuzz_${role}`,
      password: 'password123',
      name: role,
      roles,
    });
    identities.push({ id: user.id, roles, role });
    if (role === 'sales') {
      // On the demo's mailboxes (shared with their own users), so her scoped reads find mail.
      const accounts = await t.database.db.select({ id: emailAccounts.id }).from(emailAccounts);
      if (accounts.length > 0)
        await t.database.db
          .insert(emailAccountUsers)
          .values(accounts.map((a) => ({ accountId: a.id, userId: user.id })));
    }
  }
  await restoreIdentities();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  doc = res.json() as OpenApiDocument;
  operations = operationsOf(doc);
  ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  ajv.addSchema(doc as object, 'openapi');
}, 120_000);

/**
 * The fuzz admin, salesperson and editor as they were: a generated user update may disable them or change their
 * roles, a password reset or a logout ends their session. Run when an admitted role is refused, so
 * every request is judged as the role it is sent as.
 */
async function restoreIdentities() {
  const { db } = t.database;
  for (const who of identities) {
    await db
      .update(users)
      .set({ disabled: false, roles: who.roles, mustChangePassword: false })
      .where(eq(users.id, who.id));
    const token = tokens[who.role];
    if (!token || !(await findSession(db, token, 7))) {
      tokens[who.role] = await createSession(db, who.id, 7, { ip: '127.0.0.1', userAgent: 'fuzz' });
    }
  }
}

const escapePointer = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');
const validators = new Map<string, ValidateFunction>();
function validatorFor(op: Operation, status: string): ValidateFunction {
  const pointer = `openapi#/paths/${escapePointer(op.path)}/${op.method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
  let v = validators.get(pointer);
  if (!v) {
    v = ajv.compile({ $ref: pointer });
    validators.set(pointer, v);
  }
  return v;
}

type Answer = { status: number; contentType: string; body: string };

async function send(op: Operation, role: RoleName, req: FuzzRequest): Promise<Answer> {
  const headers: Record<string, string> = {};
  const token = tokens[role];
  if (token) headers['x-token'] = token;
  if (req.contentType) headers['content-type'] = req.contentType;
  if (op.stream) return sendToStream(op, headers, req);
  const res = await t.app.inject({
    method: op.method as 'GET',
    url: op.path,
    query: req.query,
    headers,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
}

/** A stream that never ends: its head and first event are read, then the client goes away. */
async function sendToStream(
  op: Operation,
  headers: Record<string, string>,
  req: FuzzRequest,
): Promise<Answer> {
  const res = await t.app.inject({
    method: op.method as 'GET',
    url: op.path,
    query: req.query,
    headers,
    payloadAsStream: true,
  });
  const contentType = String(res.headers['content-type'] ?? '');
  const stream = res.stream();
  let body = '';
  for await (const chunk of stream) {
    body += String(chunk);
    if (contentType.startsWith('text/event-stream')) break;
  }
  // The browser tab closes: the server ends the stream and forgets the listener.
  res.raw.res.req.emit('close');
  stream.destroy();
  return { status: res.statusCode, contentType, body };
}

/** Whether the route lets the role in (else its answer is 403 before any input is looked at). */
function isAdmitted(op: Operation, role: RoleName): boolean {
  const access = t.app.apiRoutes.find((r) => r.method === op.method && r.url === op.path)?.access as Access;
  const roles = ROLES[role];
  return access === 'public' || (roles !== null && isAllowed(access, roles));
}

/**
 * A 5xx that is a fault. The readiness door answers 503 NOT_READY by design when this instance runs no
 * job queue (the fuzz app starts none), which load balancers read; it is still checked against the document.
 */
function isServerError(op: Operation, answer: Answer): boolean {
  return answer.status >= 500 && !(op.path === '/api/health/ready/' && answer.status === 503);
}

/** What is wrong with an answer, or null: 5xx, a status not documented, a body not as documented. */
function problemWith(op: Operation, role: RoleName, req: FuzzRequest, answer: Answer): string | null {
  if (isServerError(op, answer)) return `answered ${answer.status}: ${answer.body.slice(0, 300)}`;
  const documented = op.responses[String(answer.status)];
  if (!documented)
    return `answered ${answer.status}, which the document does not list: ${answer.body.slice(0, 300)}`;
  const types = Object.keys(documented.content ?? {});
  const type = answer.contentType.split(';')[0]?.trim() ?? '';
  if (type === 'application/json' && types.includes('application/json')) {
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `answered ${answer.status} with JSON that does not parse`;
    }
    const check = validatorFor(op, String(answer.status));
    if (!check(body)) {
      return `answered ${answer.status} with a body the document does not describe: ${ajv.errorsText(check.errors)} in ${answer.body.slice(0, 300)}`;
    }
    const admitted = isAdmitted(op, role);
    // A NUL or a number out of range must be refused as bad input, and a NUL must name its field.
    if (admitted && req.broken && (req.broken.kind === 'nul' || req.broken.kind === 'range')) {
      if (answer.status !== 400)
        return `a ${req.broken.kind} in ${req.broken.path} answered ${answer.status}, not 400`;
      const fields = ((body as { details?: { field: string }[] }).details ?? []).map((d) => d.field);
      if (req.broken.kind === 'nul' && !fields.includes(req.broken.path)) {
        return `a NUL in ${req.broken.path} answered 400 naming ${fields.join(', ') || 'no field'}`;
      }
    }
    return null;
  }
  const matches = types.some(
    (t) => t === '*/*' || t === type || (t.endsWith('/*') && type.startsWith(t.slice(0, -1))),
  );
  return matches
    ? null
    : `answered ${answer.status} as ${type}, documented as ${types.join(', ') || 'no content'}`;
}

/** The inputs of the few operations that need them (see SPECIAL). */
function adjust(op: Operation, req: FuzzRequest): FuzzRequest {
  if (`${op.method} ${op.path}` !== SPECIAL.testAccount || req.contentType !== 'application/json') return req;
  try {
    const body = JSON.parse(String(req.payload));
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      // Port 9 on loopback: nothing listens, the connection is refused at once. A field broken on
      // purpose stays broken (it is refused before any connection).
      const closed = { imap_host: '127.0.0.1', imap_port: 9, smtp_host: '127.0.0.1', smtp_port: 9 };
      for (const [key, value] of Object.entries(closed)) if (req.broken?.path !== key) body[key] = value;
      return { ...req, payload: JSON.stringify(body) };
    }
  } catch {
    // Not JSON on purpose: sent as it is.
  }
  return req;
}

describe('API fuzz from the OpenAPI document', () => {
  it('has a valid OpenAPI document with every $ref resolved', async () => {
    // The parser dereferences in place: it gets a copy.
    await expect(validateOpenApi(structuredClone(doc) as unknown as OpenAPI.Document)).resolves.toBeTruthy();
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) expect(() => resolverOf(doc)(JSON.parse(`{${ref}}`).$ref)).not.toThrow();
  });

  it(`answers ${MIN_REQUESTS}+ generated requests without a 5xx, each as documented`, async () => {
    const started = Date.now();
    const resolve = resolverOf(doc);
    const combos = operations.flatMap((op) =>
      (Object.keys(ROLES) as RoleName[]).map((role) => ({ op, role })),
    );
    // Shares of the budget: login verifies an argon2 hash per request by design (100–300 ms here),
    // so it gets a tenth of a share and the other operations make up the count.
    const share = (op: Operation) => (`${op.method} ${op.path}` === SPECIAL.login ? 0.1 : 1);
    const perShare = MIN_REQUESTS / combos.reduce((sum, c) => sum + share(c.op), 0);
    let requests = 0;
    let serverErrors = 0;
    const statuses = new Map<string, Set<number>>();
    const problems: string[] = [];
    for (const { op, role } of combos) {
      const name = `${op.method} ${op.path}`;
      const comboStart = Date.now();
      await fc
        .assert(
          fc.asyncProperty(requestsFor(op, resolve), async (generated) => {
            const req = adjust(op, generated);
            let answer = await send(op, role, req);
            if (answer.status === 403 && role !== 'none' && isAdmitted(op, role)) {
              // An earlier generated request may have disabled, demoted or signed out this user:
              // restored, the request is sent again, and its answer is the one judged.
              await restoreIdentities();
              answer = await send(op, role, req);
            }
            requests++;
            if (isServerError(op, answer)) serverErrors++;
            if (!statuses.has(name)) statuses.set(name, new Set());
            statuses.get(name)?.add(answer.status);
            if (name === SPECIAL.login) await t.database.db.delete(loginFailures);
            const problem = problemWith(op, role, req, answer);
            if (problem) {
              throw new Error(
                `${name} as ${role}: ${problem}\nrequest: ${JSON.stringify(req).slice(0, 500)}`,
              );
            }
          }),
          { numRuns: Math.ceil(perShare * share(op)), endOnFailure: true },
        )
        // Every operation is fuzzed even when an earlier one failed: the report lists them all.
        .catch((err: Error) => problems.push(`${String(err.cause ?? '')} (${err.message.split('\n')[1]})`));
      // FUZZ_TRACE=1 prints each operation's time, to find the slow ones.
      if (process.env.FUZZ_TRACE) console.error(`${name} ${role} ${Date.now() - comboStart} ms`);
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const answered200 = [...statuses.values()].filter((s) => s.has(200)).length;
    console.log(
      `API fuzz: ${requests} requests, ${operations.length} operations × ${Object.keys(ROLES).length} roles, ` +
        `${answered200} operations answered 200 at least once, ${serverErrors} answers 5xx, in ${seconds} s`,
    );
    expect(problems).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
    expect(statuses.size).toBe(operations.length);
  }, 600_000);
});
