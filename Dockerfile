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
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Node directly (no npm, no shell): SIGTERM from `docker stop` reaches the server, which drains and exits.
CMD ["node", "--enable-source-maps", "dist/server.js"]
