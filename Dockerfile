# PlayQuid production image: the API server (serving the built client) and, with another command,
# the projections worker and the migrate one-shot. Build: docker build -t playquid .
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- manifests: package.json of the root and of every workspace that ships or builds (not the
# partner stand-ins, which never reach the production image) ----
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY config/package.json config/
COPY domain/package.json domain/
COPY read-db/package.json read-db/
COPY server/package.json server/
COPY projections/package.json projections/
COPY client/package.json client/
COPY scripts/package.json scripts/
COPY test/package.json test/

# ---- build: all dependencies, then nx builds every package into <package>/dist ----
FROM manifests AS build
ENV CI=true NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE=true
# npm ci wants every workspace of the lock; the stand-ins are built too (the server's tests use them).
COPY standins/package.json standins/
# --ignore-scripts: nothing we build needs an install script (esbuild, rollup, swc and nx ship
# prebuilt platform packages), and it avoids native rebuilds of dev-only tools (firebase-tools' re2).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json nx.json ./
COPY contracts contracts
COPY config config
COPY domain domain
COPY standins standins
COPY read-db read-db
COPY server server
COPY projections projections
COPY client client
COPY scripts scripts
# Firebase web config is compiled into the client bundle (public values, not secrets).
ARG VITE_FIREBASE_API_KEY=
ARG VITE_FIREBASE_AUTH_DOMAIN=
ARG VITE_FIREBASE_PROJECT_ID=
RUN npx nx run-many -t build --output-style=static \
 && test -f server/dist/main.js && test -f projections/dist/worker.js \
 && test -f scripts/dist/cli.js && test -f client/dist/index.html

# ---- prod-deps: production dependencies of the back-end workspaces only, installed exactly as the
# lock says (npm ci): no dev tools, no client or browser-test libraries, no stand-ins. npm ci wants
# every workspace of the lock to have its manifest; the stand-ins' link (a dev dependency whose
# folder is not here) is removed. ----
FROM manifests AS prod-deps
COPY standins/package.json standins/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
      -w @playquid/contracts -w @playquid/config -w @playquid/domain -w @playquid/read-db -w @playquid/server -w @playquid/projections -w @playquid/scripts \
 && rm -rf node_modules/@playquid/standins standins

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    CLIENT_DIST=/app/client/dist
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=build /app/contracts/dist contracts/dist
COPY --from=build /app/config/dist config/dist
COPY --from=build /app/domain/dist domain/dist
COPY --from=build /app/read-db/dist read-db/dist
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/projections/dist projections/dist
COPY --from=build /app/scripts/dist scripts/dist
COPY --from=build /app/client/dist client/dist
# Not root: the image's own unprivileged user owns nothing it could rewrite.
USER node
EXPOSE 3000
# Compose overrides this per service (the worker has its own); a bare `docker run` gets the API's readiness.
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Other roles: `node projections/dist/worker.js`, `node scripts/dist/cli.js migrate`.
CMD ["node", "server/dist/main.js"]
