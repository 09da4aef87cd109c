/// <reference types="vite/client" />

interface ImportMetaEnv {
  // The stamp of the sources this page was built from (web/build/web-build-stamp.ts); 'dev'
  // under the dev server, absent in unit tests.
  readonly VITE_APP_BUILD?: string;
}
