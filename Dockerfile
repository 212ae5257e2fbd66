# Production image: the client built once and the server compiled once (plain node, no tsx), on
# the current Node LTS, without tests or dev tools, run as a non-root user.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY protocol ./protocol
COPY server/src ./server/src
COPY scripts/buildServer.mjs scripts/createPlatformAdmin.ts scripts/backup.ts scripts/restore.ts ./scripts/
COPY client ./client
RUN npx vite build --config client/vite.config.ts && node scripts/buildServer.mjs

FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
# DATA_DIR: what the app makes once and keeps (the VAPID key pair for Web Push), on a volume.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Healthy only when the app answers and its database does (/api/health pings it; 503 otherwise).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
