import { contactUsSchema } from '@crossbuy/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../../lib/client-info.js';
import { visitorOrUser } from '../../plugins/authentication.js';
import { sendContactMessage } from './contact.service.js';

/** The contact form of the functions service (`POST /contact_us`, docs/rules/content.md), open to visitors. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact_us',
    {
      schema: {
        tags: ['functions'],
        summary: 'Send a message to the store',
        description:
          'Stored and mailed to the store’s support address; a signed-in sender’s account is recorded. ' +
          '`recaptchaToken` is required when the store checks a captcha (400 `contact/captcha_failed` ' +
          'when it does not pass, 503 `contact/captcha_unavailable` when it cannot be checked). Limited ' +
          'per client address (429 `general/rate_limited`).',
        body: contactUsSchema,
        response: { 201: z.object({ id: z.string(), createdAt: z.string() }) },
      },
    },
    async (request, reply) => {
      const sender = await visitorOrUser(request);
      const sent = await sendContactMessage(app, request.body, {
        userId: sender?.userId ?? null,
        client: clientInfo(request),
      });
      return reply.status(201).send(sent);
    },
  );
};
