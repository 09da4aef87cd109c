import { startServer } from './server';

// Entry point for `npm run dev` (the API alone; Vite serves the web app).
startServer().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
