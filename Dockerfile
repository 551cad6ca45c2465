# syntax=docker/dockerfile:1
# pinjam-motor: the build stage needs the dev dependencies (Vite, esbuild); the final image holds
# only the production dependencies and dist/. Building needs no network but the npm registry:
# better-sqlite3 is compiled here against the image's own Node headers (the full node image has
# python3, make and g++), instead of downloading a prebuilt binary.

FROM node:20-bookworm AS build
WORKDIR /app
ENV npm_config_build_from_source=true \
    npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false \
    npm_config_fund=false
COPY package.json package-lock.json ./
RUN npm ci --include=dev
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
# The allocator and heap limits of package.json's start script (decision 0040).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=65536 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/app/data/pinjam-motor.db \
    SEED_DEMO=0
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/scripts/start.mjs /app/scripts/roster.mjs /app/scripts/db.mjs /app/scripts/run-built.mjs /app/scripts/build.mjs ./scripts/
COPY --from=build /app/dist ./dist
# The server writes V8's code cache of its bundle there at its first start (decision 0047).
RUN mkdir -p /app/data /app/dist/code-cache && chown node:node /app/data /app/dist/code-cache
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=2", "--max-old-space-size=256", "scripts/start.mjs"]
