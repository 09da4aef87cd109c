import { describeHostileContentTypes, describeHostileRoutes, describeNulCharacter, useHostileInputApp } from './hostile-input';

// Hostile request bodies on every POST and PUT route, and hostile ids in every path that takes
// one (hostile-input.ts says what is checked; hostile-query-strings.test.ts runs beside this).
useHostileInputApp();
describeHostileRoutes(['body', 'id']);
describeHostileContentTypes();
describeNulCharacter();
