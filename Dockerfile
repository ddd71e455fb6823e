# syntax=docker/dockerfile:1
# The platform's production image (README "Running at scale", docs/decisions/0075): the web app
# and the server are built in one stage, the runtime stage holds only production dependencies and
# the two builds, runs as the unprivileged `node` user and starts the compiled server — no
# TypeScript compiler at run time. One image serves every role: `npm start` (API, workers and web
# in one process), `npm run start:api`, `npm run start:worker`.
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/design/package.json packages/design/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV PORT=8080 \
    DATA_DIR=/app/data \
    SKIP_WEB_BUILD=1 \
    SKIP_SERVER_BUILD=1
WORKDIR /app
COPY --from=prod-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=prod-deps --chown=root:root /app/package.json /app/package-lock.json ./
# apps/server keeps the packages whose versions differ from the root's in its own node_modules.
COPY --from=prod-deps --chown=root:root /app/apps/server ./apps/server
COPY --from=prod-deps --chown=root:root /app/apps/web/package.json ./apps/web/
COPY --from=prod-deps --chown=root:root /app/packages ./packages
COPY --from=build --chown=root:root /app/scripts ./scripts
COPY --from=build --chown=root:root /app/apps/server/dist ./apps/server/dist
COPY --from=build --chown=root:root /app/apps/web/dist ./apps/web/dist
# The only writable place: the data folder (embedded database, local files, the font cache).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
