# syntax=docker/dockerfile:1
#
# Sufra's images, built from the repository root (see docker-compose.yml):
#   target `server`  the Node process: API (PROCESS_ROLE=api) or scheduled jobs (PROCESS_ROLE=worker).
#                    The server and @sufra/schema are compiled to JavaScript (tsc) in the build stage;
#                    the image runs `node dist/main.js` on production dependencies only (no tsx).
#   target `web`     nginx with the built web client, proxying /api and /graphql to the API processes.
#
#   docker build --target server -t sufra-server .
#   docker build --target web    -t sufra-web .

# The Node and npm versions the project is developed and tested on. npm 11 matters: it honours the
# root package.json's `allowScripts`, which lets only the install scripts the project needs run
# (Node 20 ships npm 10, which would run every dependency's install script, Prisma's downloads included).
ARG NODE_VERSION=20.20.2
ARG NPM_VERSION=11.19.1

# ---------------------------------------------------------------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS base
ARG NPM_VERSION
RUN npm install -g npm@${NPM_VERSION} && npm cache clean --force
WORKDIR /app
# no Prisma telemetry; generate reads no database
ENV CHECKPOINT_DISABLE=1

# The manifests first, so dependency layers are cached until a manifest or the lockfile changes.
# The server's postinstall runs `prisma generate`, which needs the Prisma schema and config.
FROM base AS manifests
COPY package.json package-lock.json ./
COPY schema/package.json schema/
COPY client/package.json client/
COPY server/package.json server/prisma.config.ts server/
COPY server/prisma server/prisma

# ---------------------------------------------------------------------------------------------------
# Build @sufra/schema and the server to JavaScript, and the web client (tsc and Vite need the dev
# dependencies).
FROM manifests AS build
RUN npm ci
COPY codegen.ts ./
COPY schema schema
COPY server server
COPY client client
RUN npm run build

# ---------------------------------------------------------------------------------------------------
# The server: production dependencies only, and the compiled JavaScript. prisma stays a regular
# dependency (its postinstall generates the client); the migrations are read from server/prisma.
FROM manifests AS server
ENV NODE_ENV=production
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/schema/dist schema/dist
# the texts the server's translations table starts from
COPY schema/translations.json schema/
COPY --from=build /app/server/dist server/dist
# the API also serves the client itself when reached without the web front (a single `docker run`)
COPY --from=build /app/client/dist client/dist
# uploaded media and other files the server keeps; mount a volume here (docker-compose does)
RUN mkdir -p /app/data && chown node:node /app/data
ENV DATA_DIR=/app/data \
    PORT=4000 \
    HOST=0.0.0.0
USER node
WORKDIR /app/server
EXPOSE 4000
# node directly (not npm) so SIGTERM reaches the server and it stops gracefully; the flags are `npm start`'s
# (server/package.json): Prisma's query compiler without V8's second compiler, a smaller young generation
# (docs/scaling.md#memory)
CMD ["node", "--liftoff-only", "--max-semi-space-size=8", "dist/main.js"]

# ---------------------------------------------------------------------------------------------------
FROM nginx:1.28-alpine AS web
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/client/dist /usr/share/nginx/html
EXPOSE 80
