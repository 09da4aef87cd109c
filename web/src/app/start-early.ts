import { voterListStateOf } from '@web/features/voters/components/voter-list-state';
import { apiHeaders, apiUrl, getStoredToken } from '@web/lib/api-basics';
import { requestEarly } from '@web/lib/early-requests';
import { LANGUAGE_FILES, rememberedLanguage } from '@web/lib/language-files';
import { rememberedFieldLanding } from '@web/lib/field-landing';
import { rememberedUser } from '@web/lib/remembered-user';
import { preloadScriptFont } from '@web/lib/script-fonts';
import { START_PAGES, type StartPath, startPathOf } from './page-loaders';

// What a start asks for before React, the router, i18next and the query cache are evaluated
// (issue 21, decision 044): main.tsx imports this first, and it imports no library, so it runs
// as soon as the page's scripts are in, while the libraries' code is still being run (a few
// hundred milliseconds on a slow phone). The build keeps it in a file of its own that imports
// nothing heavy (web/vite.config.ts; `npm run test:budget` fails otherwise).
// - the remembered language's texts, and its script's font (Marathi, Hindi, Gujarati);
// - for a signed-in phone, the file of the screen the address opens and, for the voter lists,
//   their data (lib/early-requests.ts; the app's own call takes the answer).
const language = rememberedLanguage();
if (language) preloadScriptFont(language);
void LANGUAGE_FILES[language ?? 'en']().catch(() => undefined);

// The data a start screen shows first, as the screen asks for it (the same URL).
function firstDataOf(path: StartPath, search: URLSearchParams): string | null {
  if (path === '/my-voters') return apiUrl('/my-voters');
  if (path !== '/voters') return null;
  const list = voterListStateOf(search);
  return list.tab !== 'import' && list.queryValid ? apiUrl('/voters', list.listParams) : null;
}

const token = getStoredToken();
const path = token === null ? null : startPathOf(window.location.pathname, rememberedUser()?.role, rememberedFieldLanding());
if (token !== null && path !== null) {
  void START_PAGES[path]().catch(() => undefined);
  const data = firstDataOf(path, new URLSearchParams(window.location.search));
  if (data) requestEarly(data, apiHeaders(language ?? 'en', token), token);
}
