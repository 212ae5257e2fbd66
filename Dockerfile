# Production image: the built client and the server, run with tsx (TypeScript without a build step).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build --config client/vite.config.ts

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --omit=dev && npm install --no-save tsx@4
COPY protocol ./protocol
COPY server ./server
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
CMD ["npx", "tsx", "server/src/main.ts"]
