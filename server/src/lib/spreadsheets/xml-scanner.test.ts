import { describe, expect, it } from 'vitest';
import { attributesOf, decodeXmlText, XmlError, XmlScanner } from './xml-scanner';

// Every event as text, feeding the document in chunks of the given size.
function events(xml: string, chunkSize = xml.length): string[] {
  const seen: string[] = [];
  const scanner = new XmlScanner({
    open: (name, attributes) => seen.push(`<${name}${attributes ? ` ${JSON.stringify(attributesOf(attributes))}` : ''}>`),
    text: (text) => seen.push(text),
    close: (name) => seen.push(`</${name}>`),
  });
  for (let index = 0; index < xml.length; index += chunkSize) scanner.write(xml.slice(index, index + chunkSize));
  scanner.end();
  // Text may come in pieces; join neighbours so chunkings compare.
  return seen.reduce<string[]>((joined, event) => {
    const last = joined.length - 1;
    if (!event.startsWith('<') && last >= 0 && !joined[last]!.startsWith('<')) joined[last] += event;
    else joined.push(event);
    return joined;
  }, []);
}

const SHEET =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!-- made by hand -->' +
  '<x:worksheet xmlns:x="urn:main"><x:sheetData><x:row r="2" spans="1:3">' +
  '<x:c r="A2" t="inlineStr"><x:is><x:t xml:space="preserve">Ravi &amp; Sons &lt;Ner&gt; &#x1F600;</x:t></x:is></x:c>' +
  "<x:c r='B2' s=\"3\"><x:v>42</x:v></x:c><x:c r=\"C2\"/><x:c r=\"D2\" t=\"str\"><x:v><![CDATA[a < b & c]]></x:v></x:c>" +
  '</x:row></x:sheetData><x:numFmt formatCode="[&gt;=100]0;[Red]&quot;low&quot;" other=\'a > b\'/></x:worksheet>\n';

describe('XmlScanner', () => {
  it('should report tags, attributes and decoded text in document order', () => {
    expect(events(SHEET)).toEqual([
      '<x:worksheet {"xmlns:x":"urn:main"}>',
      '<x:sheetData>',
      '<x:row {"r":"2","spans":"1:3"}>',
      '<x:c {"r":"A2","t":"inlineStr"}>',
      '<x:is>',
      '<x:t {"xml:space":"preserve"}>',
      'Ravi & Sons <Ner> 😀',
      '</x:t>',
      '</x:is>',
      '</x:c>',
      '<x:c {"r":"B2","s":"3"}>',
      '<x:v>',
      '42',
      '</x:v>',
      '</x:c>',
      '<x:c {"r":"C2"}>',
      '</x:c>',
      '<x:c {"r":"D2","t":"str"}>',
      '<x:v>',
      'a < b & c',
      '</x:v>',
      '</x:c>',
      '</x:row>',
      '</x:sheetData>',
      '<x:numFmt {"formatCode":"[>=100]0;[Red]\\"low\\"","other":"a > b"}>',
      '</x:numFmt>',
      '</x:worksheet>',
    ]);
  });

  it('should give the same events whatever the chunks the text arrives in', () => {
    const whole = events(SHEET);
    for (const size of [1, 2, 3, 7, 64]) expect(events(SHEET, size), `chunks of ${size}`).toEqual(whole);
  });

  it.each([
    ['a closing tag that does not match', '<a><b></a></b>'],
    ['an element never closed', '<a><b></b>'],
    ['a closing tag with nothing open', '<a></a></b>'],
    ['text outside the root', '<a></a>tail'],
    ['a second root', '<a/><b/>'],
    ['no element at all', '<?xml version="1.0"?>'],
    ['a DOCTYPE', '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
    ['an entity XML does not define', '<a>&nbsp;</a>'],
    ['an external entity', '<a>&file;</a>'],
    ['an & that starts no reference', '<a>fish & chips</a>'],
    ['a reference to NUL', '<a>&#0;</a>'],
    ['a reference to a lone surrogate', '<a>&#xD800;</a>'],
    ['a control character', '<a>bell\u0007</a>'],
    ['a < in text', '<a>1 < 2</a>'],
    ['an unquoted attribute', '<a b=c></a>'],
    ['an attribute value holding <', '<a b="<"></a>'],
    ['a tag that never ends', '<a><b c="1"'],
  ])('should refuse %s', (_what, xml) => {
    expect(() => events(xml)).toThrow(XmlError);
    expect(() => events(xml, 1)).toThrow(XmlError);
  });

  it('should decode the five entities and character references only', () => {
    expect(decodeXmlText('&lt;&gt;&amp;&quot;&apos;&#65;&#x42;')).toBe('<>&"\'AB');
    expect(() => decodeXmlText('&lol9;')).toThrow(XmlError);
  });
});
