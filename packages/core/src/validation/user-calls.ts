import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { userResponseSchema } from './profile.js';
import { profileUpdateSchema } from './user.js';

/** The most users one call may ask the display names of. */
export const MAX_NAMES_PER_REQUEST = 100;

/** The signed-in user's own account, and the public names of others. */
export const userCalls = {
  updateProfile: defineCall({
    method: 'post',
    path: '/user/profile',
    tag: 'user',
    summary: "Update the signed-in user's profile (every User field except email and password)",
    body: profileUpdateSchema,
    responses: { 200: userResponseSchema },
  }),
  names: defineCall({
    method: 'post',
    path: '/user/names',
    tag: 'user',
    summary: 'Display names of users (first name and last initial), for ids that exist',
    body: z.object({ userIds: z.array(z.string().max(64)).min(1).max(MAX_NAMES_PER_REQUEST) }),
    responses: {
      200: z.object({ users: z.array(z.object({ id: z.string(), displayName: z.string() })) }),
    },
  }),
};
