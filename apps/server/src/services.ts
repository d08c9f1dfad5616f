import type { FastifyPluginAsync } from 'fastify';
import { addressRoutes } from './features/addresses/addresses.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { configRoutes, type PublicConfig, pingRoutes } from './features/system/system.routes.js';
import { tfaRoutes } from './features/tfa/tfa.routes.js';
import { adminUserRoutes, userRoutes } from './features/users/users.routes.js';

/**
 * The spec's services, each a plugin that can be mounted under its own prefix. The default server
 * mounts them all under /api on the web app's origin, so spec paths map one to one.
 */
export const authService: FastifyPluginAsync = async (app) => {
  await app.register(pingRoutes);
  await app.register(authRoutes);
  await app.register(tfaRoutes);
  await app.register(userRoutes);
};

export type StoreServiceOptions = { publicConfig: PublicConfig };

export const storeService: FastifyPluginAsync<StoreServiceOptions> = async (app, options) => {
  await app.register(configRoutes, { publicConfig: options.publicConfig });
  await app.register(addressRoutes);
};

/** Back-office calls for operators and admins, mounted under /api/admin. */
export const adminService: FastifyPluginAsync = async (app) => {
  await app.register(adminUserRoutes);
};
