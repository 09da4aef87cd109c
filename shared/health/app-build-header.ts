// Every /api answer names the web build the server serves; a page built from other sources
// offers to reload (web/src/lib/app-build.ts). The value is the build stamp, a hash of the
// web sources (web/build/web-build-stamp.ts), not a version number: it changes exactly when
// the screens do. Its own module without zod: the first download of a phone needs it (issue 21).
export const APP_BUILD_HEADER = 'X-App-Build';
