# One image for the server and the worker. Chromium comes from Debian (PDF rendering); nothing is
# downloaded at run time.
FROM node:20-bookworm-slim

RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-liberation ca-certificates \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV NODE_ENV=production \
    CHROME_PATH=/usr/bin/chromium \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data

COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

COPY . .
RUN npx vite build --logLevel warn && node scripts/ensure-server-build.mjs --force && mkdir -p /data && chown -R node:node /data

USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The server bundled to JavaScript (scripts/ensure-server-build.mjs): no transpiler in the running process.
CMD ["node", "dist/server/main.mjs"]
