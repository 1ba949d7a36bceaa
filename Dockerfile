# syntax=docker/dockerfile:1

# The product in one image: the prerendered site and the lead API, served by one Node process.
# Build:  docker build -t elegant-iconia .
# Run:    docker run -p 8080:8080 -v iconia-data:/data --stop-timeout 30 elegant-iconia
# docs/deployment.md explains the compose stacks; deploy/ holds the tests that keep this file in
# step with apps/api/src/config.ts.

ARG NODE_VERSION=24
# Must equal the `packageManager` field of package.json, so pnpm never swaps itself at run time.
ARG PNPM_VERSION=10.34.9

# ---- build: install with the lockfile, build site and API, then cut the production tree -------
FROM node:${NODE_VERSION}-bookworm-slim AS build
ARG PNPM_VERSION
# better-sqlite3 is native: its prebuilt binary is used when the download works, and these tools
# compile it from source when it does not.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
  && rm -rf /var/lib/apt/lists/*
RUN npm install -g pnpm@${PNPM_VERSION}
ENV CI=true
WORKDIR /src

# Packages are fetched from the lockfile alone, so this layer is reused until the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN pnpm config set store-dir /pnpm/store && pnpm fetch

COPY . .
RUN pnpm install --frozen-lockfile --offline

# The site reads these when it is built (Vite inlines them); compose passes them from .env.
ARG VITE_API_ORIGIN=
ARG VITE_GTM_ID=
ARG VITE_GA_ID=
ARG SITE_URL=
RUN VITE_API_ORIGIN="$VITE_API_ORIGIN" VITE_GTM_ID="$VITE_GTM_ID" VITE_GA_ID="$VITE_GA_ID" \
  SITE_URL="$SITE_URL" pnpm build

# The API bundle keeps its npm dependencies external; `deploy --prod` gathers exactly those
# (better-sqlite3 already compiled) into a self-contained node_modules. It installs them from a
# lockfile cut from pnpm-lock.yaml, so the store `pnpm fetch` filled is all it needs offline
# (`--legacy` would resolve @iconia/shared's dependencies again, from registry metadata that
# `pnpm fetch` does not keep). pnpm allows that deploy only with inject-workspace-packages, set
# here for this one command: in the workspace, the apps keep linking @iconia/shared's source.
RUN pnpm --filter @iconia/api deploy --prod --offline --config.inject-workspace-packages=true \
  /prod/api

# ---- runtime: Node, the production dependencies, the builds; nothing else ---------------------
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATA_DIR=/data \
  WEB_DIST=/app/apps/web/build/client
# The repository's layout is kept, so the start command and the default paths are the ones
# `pnpm start` uses outside the container.
WORKDIR /app

# Code stays owned by root: the app user can read it but not change it.
COPY --from=build /prod/api/package.json /app/apps/api/package.json
COPY --from=build /prod/api/node_modules /app/apps/api/node_modules
COPY --from=build /src/apps/api/dist /app/apps/api/dist
COPY --from=build /src/apps/web/build/client /app/apps/web/build/client
# The sales desk app, served under /desk from beside the API bundle (no setting needed).
COPY --from=build /src/apps/desk/dist /app/apps/desk/dist
# `docker compose exec app leads …`: the sales desk CLI, on the same settings as the server.
COPY --chmod=755 deploy/leads.sh /usr/local/bin/leads

# The lead database lives on the volume; only it belongs to the unprivileged `node` user.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node

EXPOSE 8080
# Slim images have no curl; Node's own fetch asks the liveness endpoint.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server finishes in-flight requests and the email it is sending, then closes the database.
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/dist/server.js"]
