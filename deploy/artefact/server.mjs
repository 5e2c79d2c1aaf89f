// Entry of the release artefact (`node server.mjs`; scripts/package.ts puts it at the top of the
// archive). The artefact holds the production build and production dependencies only, so it
// always runs in production mode: development mode would load Vite, which is not inside, and
// React picks its production build from NODE_ENV when it is first loaded. Hence the variable is
// set here, before the server is imported (dynamically: a static import would run first).
process.env.NODE_ENV = 'production';
await import('./dist/server/main.js');
