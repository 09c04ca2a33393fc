import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UserListQuerySchema, UserPageSchema } from '../../../contract';
import { listUsers, toUser } from './repository';

export async function userRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/users',
    { schema: { tags: ['users'], summary: 'Users: full records for administrators, id and username for everyone else', querystring: UserListQuerySchema, response: { 200: UserPageSchema } } },
    async (req) => {
      const full = req.auth!.permissions.includes('users.read');
      const { rows, total } = await listUsers(app.db, req.query);
      return {
        data: rows.map((row) => (full ? toUser(row) : { id: row.id, username: row.username })),
        pagination: { total, limit: req.query.limit, skip: req.query.skip },
      };
    },
  );
}
