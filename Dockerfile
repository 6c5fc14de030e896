# Multi-stage build of the production server.
# Stage 1 installs every dependency and builds; stage 2 keeps the production dependencies and the build.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/content ./content
COPY --from=build /app/scripts ./scripts
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# SESSION_SECRET and a different ENCRYPTION_KEY (32+ characters each) must be provided at run time:
# docker run -e SESSION_SECRET=... -e ENCRYPTION_KEY=... .
# Separate workers: run web containers with -e WORKER=off and workers with the command `node scripts/worker.mjs`.
CMD ["node", "scripts/serve.mjs"]
