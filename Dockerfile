# The store's image (docs/decisions/0080): built in one stage, run in another with the built app alone, as
# the unprivileged `node` user. One image for every role: SERVER_ROLE=web, worker or all (the default).
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/demo/package.json apps/demo/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY packages/core packages/core
COPY apps/server apps/server
COPY apps/demo apps/demo
COPY apps/web apps/web
COPY tsconfig*.json ./
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    # The heap bounds npm start applies (scripts/server-node-options.mjs, docs/decisions/0013).
    NODE_OPTIONS="--max-old-space-size=192 --max-semi-space-size=8"
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/packages/core/package.json packages/core/
COPY --from=build /app/packages/core/dist packages/core/dist
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/node_modules apps/server/node_modules
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/src/db/migrations apps/server/src/db/migrations
COPY --from=build /app/apps/demo/package.json apps/demo/
COPY --from=build /app/apps/demo/dist apps/demo/dist
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/node_modules apps/web/node_modules
COPY --from=build /app/apps/web/build apps/web/build
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The store with its demo data, honouring DEMO_DATA (docs/decisions/0084); a store that wants the server
# alone runs `node apps/server/dist/main.js` instead.
CMD ["node", "--enable-source-maps", "apps/demo/dist/main.js"]
