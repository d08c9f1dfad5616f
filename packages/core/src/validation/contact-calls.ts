import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { contactUsSchema } from './contact.js';

/** The contact form, open to visitors (docs/rules/content.md). */
export const contactCalls = {
  send: defineCall({
    method: 'post',
    path: '/contact_us',
    tag: 'functions',
    summary: 'Send a message to the store',
    description:
      'Stored and mailed to the store’s support address; a signed-in sender’s account is recorded. ' +
      '`recaptchaToken` is required when the store checks a captcha (400 `contact/captcha_failed` ' +
      'when it does not pass, 503 `contact/captcha_unavailable` when it cannot be checked). Limited ' +
      'per client address (429 `general/rate_limited`).',
    body: contactUsSchema,
    responses: { 201: z.object({ id: z.string(), createdAt: z.string() }) },
  }),
};
