# syntax=docker/dockerfile:1
# The site as a container image: the release artefact of `npm run package`, run by node itself.
# docs/operations.md "Deploying"; the artefact: docs/decisions/0026-release-artefact.md.
#
#   docker build -t pari-boreal .
#   docker run --rm -p 3000:3000 pari-boreal            # embedded demo on its defaults
#   docker run --rm -p 3000:3000 --env-file site.env pari-boreal
#
# Not built on the project's machines (no container engine runs there): the test suite checks
# the artefact itself (tests/e2e/package.spec.ts).

# Build stage: the whole toolchain, then the one archive.
FROM node:24-bookworm AS build
WORKDIR /src
# Dependencies first: this layer is reused while the lockfile does not change.
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm run package -- --no-build

# Runtime stage: Node and the artefact, nothing else (no npm run, no sources, no dev tooling).
FROM node:24-bookworm-slim
WORKDIR /app
# Unpacked from the build stage through a mount: the archive itself is no layer of the image.
# The files stay owned by root, so the process cannot change its own code.
RUN --mount=type=bind,from=build,source=/src/release,target=/release \
    tar -xzf /release/pari-boreal-*.tgz --strip-components=1 --no-same-owner -C /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
# The `node` user of the official image (uid 1000), not root.
USER node
# /livez: the process answers (docs/operations.md). fetch is built into Node.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
# node directly, as PID 1, in exec form: SIGTERM from `docker stop` reaches the site, which
# drains and exits 0 within SHUTDOWN_GRACE_MS (8 s), inside Docker's default 10 s.
CMD ["node", "server.mjs"]
