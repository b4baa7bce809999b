import {
  changePassword,
  envelope,
  idQuery,
  listAnswer,
  preference,
  preferenceQuery,
  preferenceSet,
  profileUpdate,
  resetPassword,
  user,
  userCreate,
  userListQuery,
  userOption,
  userUpdate,
} from '@quayside/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { assertImageFile } from '../files/service';
import { getPreference, setPreference } from './preferences';
import * as users from './service';

const adminOnly = { access: ['admin'] } as const;

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['users'];

  app.get(
    '/api/user/list/',
    {
      config: adminOnly,
      schema: { tags, querystring: userListQuery, response: { 200: envelope(listAnswer(user)) } },
    },
    async (request) => ok(await users.listUsers(db, request.query)),
  );
  app.get(
    '/api/user/options/',
    { config: { access: 'user' }, schema: { tags, response: { 200: envelope(z.array(userOption)) } } },
    async () => ok(await users.userOptions(db)),
  );
  app.get(
    '/api/user/detail/',
    { config: adminOnly, schema: { tags, querystring: idQuery, response: { 200: envelope(user) } } },
    async (request) => ok(users.toUser(await users.findUserById(db, request.query.id))),
  );
  app.post(
    '/api/user/create/',
    { config: adminOnly, schema: { tags, body: userCreate, response: { 200: envelope(user) } } },
    async (request) => ok(await users.createUser(db, request.body)),
  );
  app.post(
    '/api/user/update/',
    { config: adminOnly, schema: { tags, body: userUpdate, response: { 200: envelope(user) } } },
    async (request) => ok(await users.updateUser(db, request.body)),
  );
  app.post(
    '/api/user/reset_password/',
    { config: adminOnly, schema: { tags, body: resetPassword, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await users.resetPassword(db, request.body.id, request.body.password);
      return ok(null);
    },
  );

  app.post(
    '/api/profile/update/',
    { config: { access: 'user' }, schema: { tags, body: profileUpdate, response: { 200: envelope(user) } } },
    async (request) => {
      const { avatar_file_id: avatarFileId, ...rest } = request.body;
      if (avatarFileId) await assertImageFile(db, currentUser(request), avatarFileId, 'avatar_file_id');
      return ok(await users.updateProfile(db, currentUser(request).id, { ...rest, avatarFileId }));
    },
  );
  app.post(
    '/api/profile/change_password/',
    {
      config: { access: 'user', beforePasswordChange: true },
      schema: { tags, body: changePassword, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const me = currentUser(request);
      await users.changePassword(db, me.id, me.sessionId, {
        oldPassword: request.body.old_password,
        newPassword: request.body.new_password,
      });
      return ok(null);
    },
  );

  app.get(
    '/api/preference/get/',
    {
      config: { access: 'user' },
      schema: { tags, querystring: preferenceQuery, response: { 200: envelope(preference) } },
    },
    async (request) => {
      const { key } = request.query;
      return ok({
        key,
        value: (await getPreference(db, currentUser(request).id, key)) as z.core.util.JSONType,
      });
    },
  );
  app.post(
    '/api/preference/set/',
    {
      config: { access: 'user' },
      schema: { tags, body: preferenceSet, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await setPreference(db, currentUser(request).id, request.body.key, request.body.value);
      return ok(null);
    },
  );
}
