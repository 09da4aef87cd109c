import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { isLanguage, type Language } from '@shared/i18n/languages';
import { localizeMessage } from '@shared/messages/localize-message';
import type { Database } from '../db/schema';
import { readPublicSettings } from '../features/settings/settings-repository';

// Error answers in the reader's language (issue 18, docs/decisions/020-languages-and-messages.md).
// Code everywhere writes its messages in English; this one seam words `message` and each of
// `fields` again on the way out. English answers are never touched, byte for byte.

// The first language of an Accept-Language header this app speaks ("mr", "mr-IN;q=0.9", ...),
// by the header's own order of preference; null when it names none of them.
export function acceptedLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';');
      const q = options.map((option) => /^\s*q=([\d.]+)\s*$/.exec(option)?.[1]).find((value) => value !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && isLanguage(entry.primary))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = ranked[0]?.primary;
  return isLanguage(first) ? first : null;
}

// Whom the answer is for. Signed in: the user's own choice, else the Language setting (what
// their screens show). Not yet known (the sign-in page): the language the client asks for (the
// web app sends the one it shows), else the setting. English is the last resort. The setting
// is not read for a 5xx: the database may be the reason for it.
export async function answerLanguage(db: Kysely<Database>, request: FastifyRequest, status: number): Promise<Language> {
  const user = request.auth?.user;
  if (isLanguage(user?.language)) return user.language;
  const asked = user ? null : acceptedLanguage(request.headers['accept-language']);
  if (asked) return asked;
  if (status >= 500) return acceptedLanguage(request.headers['accept-language']) ?? 'en';
  try {
    return (await readPublicSettings(db)).language;
  } catch {
    return 'en';
  }
}

interface ErrorBody {
  message?: unknown;
  fields?: unknown;
}

// The answer with its message and field messages worded in `language`; null when it is not
// an error body of ours.
export function localizeErrorBody(payload: string, language: Language): string | null {
  let body: ErrorBody;
  try {
    body = JSON.parse(payload) as ErrorBody;
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object' || typeof body.message !== 'string') return null;
  body.message = localizeMessage(body.message, language);
  if (body.fields && typeof body.fields === 'object') {
    const fields = body.fields as Record<string, unknown>;
    for (const [name, text] of Object.entries(fields)) if (typeof text === 'string') fields[name] = localizeMessage(text, language);
  }
  return JSON.stringify(body);
}

export function registerAnswerLanguage(app: FastifyInstance, db: Kysely<Database>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !request.url.startsWith('/api')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
    const language = await answerLanguage(db, request, reply.statusCode);
    if (language === 'en') return payload;
    return localizeErrorBody(payload, language) ?? payload;
  });
}
