import { defineCall } from '../contract/index.js';
import { dashboardSchema } from './dashboard.js';

/** The back office's first page: the store's day at a glance. */
export const dashboardCalls = {
  today: defineCall({
    method: 'get',
    path: '/admin/dashboard',
    tag: 'admin',
    summary:
      "Today's orders and revenue, what waits for the staff, and the last 30 days (store days, Singapore time)",
    responses: { 200: dashboardSchema },
  }),
};
