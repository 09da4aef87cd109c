// A roll-like PDF with a text layer, made in the test (no real person's data): an English ECI
// style part with a cover page and one page of voter boxes in a 3-column grid. Written by hand
// in PDF syntax (Helvetica, A4), so the test needs no PDF library.

export interface TextRollVoter {
  serial: number;
  epic: string;
  name: string;
  relation: 'Father' | 'Husband' | 'Mother' | 'Other';
  relative: string;
  house: string;
  age: number;
  gender: 'Male' | 'Female';
}

export interface TextRoll {
  constituency: string;
  part: number;
  pollingStation: string;
  voters: TextRollVoter[];
}

const A4 = { width: 595, height: 842 };
const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

function textAt(x: number, y: number, size: number, text: string): string {
  return `BT /F1 ${size} Tf ${x} ${y} Td (${escape(text)}) Tj ET`;
}

function coverPage(roll: TextRoll): string {
  const total = roll.voters.length;
  const male = roll.voters.filter((voter) => voter.gender === 'Male').length;
  const lines = [
    textAt(150, 800, 14, 'ELECTORAL ROLL, 2026'),
    textAt(40, 770, 10, `Assembly Constituency No. and Name : ${roll.constituency}`),
    textAt(40, 755, 10, `Part No. : ${roll.part}`),
    textAt(40, 730, 10, `No. and Name of Polling Station : ${roll.part} - ${roll.pollingStation}`),
    textAt(40, 715, 10, `Address of Polling Station : ${roll.pollingStation}, Main Road`),
    textAt(40, 690, 10, 'Main Town/Village : Digras     Taluka : Digras     District : Yavatmal     Pin Code : 445203'),
    textAt(40, 665, 10, 'List of Sections in the Part : 1 - Ward 1 Main Road'),
    textAt(40, 640, 10, 'NUMBER OF ELECTORS'),
    textAt(40, 625, 10, `Male : ${male}     Female : ${total - male}     Third Gender : 0     Total : ${total}`),
  ];
  return lines.join('\n');
}

function votersPage(roll: TextRoll): string {
  const parts: string[] = [textAt(40, 810, 9, `Assembly Constituency No. and Name : ${roll.constituency}     Part No. : ${roll.part}`), textAt(40, 795, 9, 'Section No and Name : 1 - Ward 1 Main Road')];
  const boxWidth = 172;
  const boxHeight = 72;
  roll.voters.forEach((voter, index) => {
    const column = index % 3;
    const row = Math.floor(index / 3);
    const x = 40 + column * (boxWidth + 6);
    const top = 780 - row * (boxHeight + 6);
    parts.push(`${x} ${top - boxHeight} ${boxWidth} ${boxHeight} re S`);
    parts.push(textAt(x + 4, top - 12, 9, String(voter.serial)));
    parts.push(textAt(x + 100, top - 12, 9, voter.epic));
    parts.push(textAt(x + 4, top - 26, 8, `Name : ${voter.name}`));
    parts.push(textAt(x + 4, top - 38, 8, `${voter.relation === 'Husband' ? "Husband's" : voter.relation === 'Mother' ? "Mother's" : voter.relation === 'Other' ? "Other's" : "Father's"} Name : ${voter.relative}`));
    parts.push(textAt(x + 4, top - 50, 8, `House Number : ${voter.house}`));
    parts.push(textAt(x + 4, top - 62, 8, `Age : ${voter.age}   Gender : ${voter.gender}`));
  });
  return parts.join('\n');
}

export function textRollPdf(roll: TextRoll): Buffer {
  const streams = [coverPage(roll), votersPage(roll)];
  const objects: string[] = [];
  const pageIds = streams.map((_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${streams.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  streams.forEach((content, index) => {
    const pageId = pageIds[index]!;
    objects[pageId] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
