import type { Language } from '../i18n/languages';
import { createMessageLocalizer } from './message-localizer';
import type { MessageCatalogue } from './message-texts';
import { gu } from './messages-gu';
import { hi } from './messages-hi';
import { mr } from './messages-mr';

// Messages are written in English where they arise (a schema, a use case) and worded in the
// reader's language at the edge: the server's answers (plugins/answer-language.ts) and the
// forms' own checks (web FormField). English is never touched, so it stays exactly as written.
// docs/decisions/020-languages-and-messages.md. The reading and wording live in
// message-localizer.ts; here they hold every language, as the server needs.
export const MESSAGE_CATALOGUES: Readonly<Record<Exclude<Language, 'en'>, MessageCatalogue>> = { mr, hi, gu };

export type { MessageParams, ReadMessage } from './message-localizer';
export const { readMessage, wordMessage, localizeMessage } = createMessageLocalizer(MESSAGE_CATALOGUES);
