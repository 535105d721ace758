# syntax=docker/dockerfile:1
# Build stage: full dependencies, compile the native SQLite binding, bundle the client and the server
# (dist/public with precompressed .br/.gz assets, dist/server.js with its source map).
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# Runtime stage: production dependencies only, non-root, data on a volume.
# Settings (README "Configuration"; "Hosting many districts" for several processes):
#   SESSION_SECRET  required (NODE_ENV is production); the same value in every process of a deployment.
#   DATABASE_URL    unset: SQLite in /data/coachwell.sqlite (one container per district).
#                   postgres://user:password@host:5432/db: PostgreSQL (the `pg` driver is bundled into
#                   dist/server.js; nothing else to install); then /data only holds mail written as files.
#   PG_POOL_SIZE    connections this process keeps to PostgreSQL at most (10).
#   TRUST_PROXY     behind a load balancer: the addresses to trust for X-Forwarded-For/-Proto
#                   (e.g. "loopback, uniquelocal" or a subnet; not a hop count).
#   APP_URL, SMTP_URL, MAIL_FROM, SENTRY_DSN, PORT (3000), DATA_DIR (/data).
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/package.json ./
# The TypeScript sources stay for `npm run cli` (tsx); the server itself runs from dist/server.js.
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/common ./common
COPY --from=build --chown=node:node /app/db ./db
COPY --from=build --chown=node:node /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness: the process runs and its database answers. Load balancers that can probe readiness use
# GET /api/health/ready (also every migration applied).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Node directly (no npm, no shell): SIGTERM from `docker stop` reaches the server, which drains and exits.
CMD ["node", "--enable-source-maps", "dist/server.js"]
