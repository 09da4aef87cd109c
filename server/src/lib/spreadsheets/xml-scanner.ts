// A strict, streaming reader of the XML inside an .xlsx, made for speed on large sheets.
//
// Why not a general XML parser: saxes (what exceljs reads with) spends ~70 µs a row of a voter
// sheet on this kind of machine, more than everything else an import does with the row; this
// finds each tag with indexOf and one regular expression and costs a fraction of that.
//
// It still refuses what is not well-formed XML, as a hostile file needs: mismatched or
// unclosed tags, text outside the root, characters XML forbids, entities other than XML's own
// five and character references, and any DOCTYPE at all (so nothing is ever expanded or
// fetched through an entity). Names are ASCII, as every part of an .xlsx uses; namespaces are
// not resolved (handlers compare local names).

// `attributes` is the tag's attribute text, already checked: attributesOf() reads it, for the
// few tags whose attributes matter (most have none).
export interface XmlHandlers {
  open?: (name: string, attributes: string) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
}

export class XmlError extends Error {}

// XML 1.0 forbids these characters anywhere in a document (TextDecoder never yields lone surrogates).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const NAME = '[A-Za-z_][\\w.:-]*';
const ATTRIBUTE = `(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`;
const TAG_NAME = new RegExp(NAME, 'y');
// What follows a tag's name: its attributes, then > or />.
const TAG_REST = new RegExp(`((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`, 'y');
const ATTRIBUTES = new RegExp(ATTRIBUTE, 'g');
const CLOSE_TAG = new RegExp(`</(${NAME})\\s*>`, 'y');
const REFERENCE = /&([^;&<]*);?/g;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
// A tag longer than this is refused rather than waited for.
const MAX_TAG = 64 * 1024;
// Text between two tags longer than this is refused rather than gathered (Excel caps a cell
// at 32,767 characters).
const MAX_TEXT = 16 * 1024 * 1024;

function isXmlCharacter(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

// Text or an attribute value with its references replaced; anything else after & is an error.
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole: string, reference: string) => {
    if (!whole.endsWith(';')) throw new XmlError('An & that starts no reference');
    if (reference.startsWith('#')) {
      const code = reference.startsWith('#x') ? Number.parseInt(reference.slice(2), 16) : Number.parseInt(reference.slice(1), 10);
      if (!/^#(x[0-9A-Fa-f]+|[0-9]+)$/.test(reference) || !isXmlCharacter(code)) throw new XmlError(`The character reference &${reference}; is not allowed`);
      return String.fromCodePoint(code);
    }
    const replacement = PREDEFINED[reference];
    if (replacement === undefined) throw new XmlError(`The entity &${reference}; is not defined`);
    return replacement;
  });
}

export function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (source === '') return attributes;
  ATTRIBUTES.lastIndex = 0;
  for (let match = ATTRIBUTES.exec(source); match; match = ATTRIBUTES.exec(source)) {
    attributes[match[1] as string] = decodeXmlText(match[2] ?? match[3] ?? '');
  }
  return attributes;
}

// Feeds text in as it comes (write), then end(): handlers are called in document order.
export class XmlScanner {
  private buffer = '';
  private readonly stack: string[] = [];
  private rootSeen = false;

  constructor(private readonly handlers: XmlHandlers) {}

  write(chunk: string): void {
    if (FORBIDDEN_CHARACTERS.test(chunk)) throw new XmlError('The file holds a character XML does not allow');
    this.buffer += chunk;
    this.scan(false);
  }

  end(): void {
    this.scan(true);
    if (this.stack.length > 0) throw new XmlError(`The element <${this.stack[this.stack.length - 1]}> is never closed`);
    if (!this.rootSeen) throw new XmlError('The part holds no element');
  }

  private emitText(text: string): void {
    if (this.stack.length === 0) {
      if (text.trim() !== '') throw new XmlError('Text outside the root element');
      return;
    }
    this.handlers.text?.(decodeXmlText(text));
  }

  private scan(final: boolean): void {
    const buffer = this.buffer;
    let position = 0;
    for (;;) {
      const lt = buffer.indexOf('<', position);
      if (lt < 0) {
        // Text goes out only whole (a reference may be split between chunks).
        if (final) this.emitText(buffer.slice(position));
        else if (buffer.length - position > MAX_TEXT) throw new XmlError('A text is longer than a spreadsheet cell may be');
        else break;
        position = buffer.length;
        break;
      }
      if (lt > position) this.emitText(buffer.slice(position, lt));
      position = lt;
      const next = buffer.charCodeAt(lt + 1);
      if (next === 0x2f /* / */) {
        // Usually exactly </name> of the open element; otherwise checked in full.
        const open = this.stack[this.stack.length - 1];
        const gt = buffer.indexOf('>', lt + 2);
        let name: string;
        if (open !== undefined && gt === lt + 2 + open.length && buffer.startsWith(open, lt + 2)) {
          name = open;
          position = gt + 1;
        } else {
          CLOSE_TAG.lastIndex = lt;
          const match = CLOSE_TAG.exec(buffer);
          if (!match) {
            if (this.waitFor(buffer, lt, final)) break;
            throw new XmlError('A closing tag is malformed');
          }
          name = match[1] as string;
          if (name !== open) throw new XmlError(`</${name}> closes an element it did not open`);
          position = CLOSE_TAG.lastIndex;
        }
        this.stack.pop();
        this.handlers.close?.(name);
      } else if (next === 0x3f /* ? */) {
        // A processing instruction such as <?xml ...?>: nothing in it matters here.
        const end = buffer.indexOf('?>', lt + 2);
        if (end < 0) {
          if (this.waitFor(buffer, lt, final)) break;
          throw new XmlError('A processing instruction never ends');
        }
        position = end + 2;
      } else if (next === 0x21 /* ! */) {
        if (buffer.length - lt < 9 && !final) break;
        if (buffer.startsWith('<!--', lt)) {
          const end = buffer.indexOf('-->', lt + 4);
          if (end < 0) {
            if (this.waitFor(buffer, lt, final, MAX_TEXT)) break;
            throw new XmlError('A comment never ends');
          }
          position = end + 3;
        } else if (buffer.startsWith('<![CDATA[', lt)) {
          const end = buffer.indexOf(']]>', lt + 9);
          if (end < 0) {
            if (this.waitFor(buffer, lt, final, MAX_TEXT)) break;
            throw new XmlError('A CDATA section never ends');
          }
          if (this.stack.length === 0) throw new XmlError('Text outside the root element');
          this.handlers.text?.(buffer.slice(lt + 9, end));
          position = end + 3;
        } else {
          // <!DOCTYPE ...> and its entity declarations: no spreadsheet needs one.
          throw new XmlError('A document type declaration is not allowed');
        }
      } else {
        TAG_NAME.lastIndex = lt + 1;
        const named = TAG_NAME.exec(buffer);
        let end = named ? TAG_NAME.lastIndex : -1;
        let attributes = '';
        let selfClosing = false;
        if (named && buffer.charCodeAt(end) === 0x3e /* > */) end += 1;
        else if (named) {
          TAG_REST.lastIndex = end;
          const rest = TAG_REST.exec(buffer);
          if (rest) {
            attributes = rest[1] as string;
            selfClosing = rest[2] === '/';
            end = TAG_REST.lastIndex;
          } else end = -1;
        }
        if (!named || end < 0 || end > buffer.length) {
          if (this.waitFor(buffer, lt, final)) break;
          throw new XmlError('A tag is malformed');
        }
        const name = named[0];
        if (this.stack.length === 0) {
          if (this.rootSeen) throw new XmlError('A second root element');
          this.rootSeen = true;
        }
        this.handlers.open?.(name, attributes);
        if (selfClosing) this.handlers.close?.(name);
        else this.stack.push(name);
        position = end;
      }
    }
    this.buffer = buffer.slice(position);
  }

  // Whether to wait for more text before deciding on what starts at `from`: only when more can
  // come and not much has gathered since.
  private waitFor(buffer: string, from: number, final: boolean, limit = MAX_TAG): boolean {
    return !final && buffer.length - from < limit;
  }
}
