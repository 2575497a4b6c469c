import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addCalendarSchema, calendarFeedSchema, calendarFeedsSchema } from '../../../shared/schemas/calendars';
import { idParamSchema, messageSchema } from '../../../shared/schemas/common';
import { settingsPatchSchema, settingsSchema } from '../../../shared/schemas/settings';
import { addCalendar, listCalendars, removeCalendar, syncCalendar, type CalendarDeps } from '../../calendars';
import { getSettings, updateSettings } from '../../settings';
import { clockDeps } from '../../route-deps';

/** The owner's settings and calendars. Registered inside the admin routes, whose hook requires an admin. */
export async function adminScheduleRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const calendarDeps = (log: CalendarDeps['log']): CalendarDeps => ({
    ...clockDeps(app),
    allowPrivateHosts: app.config.icsAllowPrivateHosts,
    log,
  });

  app.get('/settings', { schema: { response: { 200: settingsSchema } } }, async () => getSettings(app.db));

  app.patch('/settings', { schema: { body: settingsPatchSchema, response: { 200: settingsSchema } } }, async (request) => updateSettings(app.db, request.body, app.now()));

  app.get('/calendars', { schema: { response: { 200: calendarFeedsSchema } } }, async () => listCalendars(app.db));

  app.post('/calendars', { schema: { body: addCalendarSchema, response: { 201: calendarFeedSchema } } }, async (request, reply) => {
    const feed = await addCalendar(calendarDeps(request.log), request.body);
    return reply.status(201).send(feed);
  });

  app.post('/calendars/:id/sync', { schema: { params: idParamSchema, response: { 200: calendarFeedSchema } } }, async (request) => syncCalendar(calendarDeps(request.log), request.params.id));

  app.delete('/calendars/:id', { schema: { params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await removeCalendar({ db: app.db, now: app.now() }, request.params.id);
    return { message: 'Calendar removed' };
  });
}
