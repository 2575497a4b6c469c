import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerDetailQuerySchema, customerDetailSchema, customersQuerySchema, customersResponseSchema } from '../../../shared/schemas/admin-customers';
import { getCustomer, listCustomers } from '../services/customers';
import { clockDeps } from '../../route-deps';

/** Looking customers up (accounts and guest bookers, by email). Registered inside the admin routes. */
export async function adminCustomersRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/customers', { schema: { querystring: customersQuerySchema, response: { 200: customersResponseSchema } } }, async (request) => listCustomers(clockDeps(app), request.query.q));

  app.get('/customers/detail', { schema: { querystring: customerDetailQuerySchema, response: { 200: customerDetailSchema } } }, async (request) =>
    getCustomer(clockDeps(app), request.query.email),
  );
}
