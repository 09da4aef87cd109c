import { describeHostileRoutes, useHostileInputApp } from './hostile-input';

// Hostile query strings on every route (hostile-input.ts says what is checked;
// hostile-bodies-and-path-ids.test.ts runs beside this).
useHostileInputApp();
describeHostileRoutes(['query']);
