// A name's first two initials for an avatar: the first whole letter of each of its first two
// words, a letter being what a reader sees as one (सुनील जाधव → सुजा, not सज: issue 56); a
// Devanagari conjunct stays whole (क्षमा → क्ष). Latin letters in capitals.
const letters = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

function firstLetter(word: string): string {
  if (letters) return letters.segment(word)[Symbol.iterator]().next().value?.segment ?? '';
  // Without Intl.Segmenter: a letter and the signs written on it.
  return /^\P{M}\p{M}*/u.exec(word)?.[0] ?? '';
}

export function nameInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => firstLetter(word).toUpperCase())
    .join('');
}
