import { describe, expect, it } from 'vitest';
import { parseBox, type TextLine } from './box-fields';
import { findBoxes, voterBoxGroup } from './box-finder';
import { parseCover } from './cover-facts';
import { hasDevanagari, isGarbledLayer, latinDigits, looksMarathi } from './devanagari';
import { profilesOfScript } from './language-profiles';
import { mendOldEpicState, oldEpicParts } from './page-checks';
import { checkEpic, findEpic, luhnCheckDigit, nearestEpic } from './epic';
import { eraseRules, type GrayImage } from './gray-image';
import { photoLeft, usualPhotoPlaces } from './box-photos';

const line = (text: string, confidence = 0.95): TextLine => ({ words: text.split(' ').map((word) => ({ text: word, confidence })) });

describe('EPIC numbers', () => {
  it('should accept a modern EPIC when its Luhn check digit over the six digits matches', () => {
    expect(luhnCheckDigit('123456')).toBe(6);
    expect(checkEpic('XYZ1234566')).toBe('valid');
    expect(checkEpic('XYZ1234567')).toBe('check-digit');
  });

  it('should keep older state formats as printed when the EPIC is not three letters and seven digits', () => {
    expect(checkEpic('GJ/03/024/153014')).toBe('old-format');
    expect(findEpic('12  GJ/03/024/153014')).toBe('GJ/03/024/153014');
    expect(checkEpic('AB12345')).toBe('format');
  });

  it('should repair the usual OCR letter and digit confusions by position when an EPIC is misread', () => {
    expect(findEpic('61 XYZQ234566')).toBe('XYZ0234566');
    expect(findEpic('| 5 |  XY2123O566')).toBe('XYZ1230566');
    expect(findEpic('no epic here 12345')).toBeNull();
  });

  it('should drop a round glyph read twice only when the EPIC without it passes its check digit', () => {
    // XYZ0234567 is valid; its first digit read as "Q0" or "O0" by OCR.
    expect(checkEpic('XYZ0234567')).toBe('valid');
    expect(findEpic('| 2| XYZQ0234567')).toBe('XYZ0234567');
    expect(findEpic('I i XYZO0234567')).toBe('XYZ0234567');
    // XYZ0234566 fails the check: nothing is dropped, nothing is guessed.
    expect(findEpic('| 2| XYZQ0234566')).toBeNull();
    // Eleven characters with no doubled round glyph stay unread.
    expect(findEpic('XYZ12345667')).toBeNull();
  });

  it('should find the nearest valid EPIC to a misreading only when one is nearer than any other', () => {
    const epic = (letters: string, six: string) => `${letters}${six}${luhnCheckDigit(six)}`;
    // A 6 read as E: of 6 and 8 only one keeps the check digit.
    expect(nearestEpic([epic('XYZ', '623451').replace('6', 'E')], [])).toBe(epic('XYZ', '623451'));
    // A 6 read as B with a round glyph read twice before it.
    expect(nearestEpic([epic('XYZ', '065747').replace('06', 'O0B')], [])).toBe(epic('XYZ', '065747'));
    // An extra glyph among the letters: which letter to drop, only the roll's series tell.
    const doubled = epic('XOR', '021712').replace('XOR', 'XO0R');
    expect(nearestEpic([doubled], [])).toBeNull();
    expect(nearestEpic([doubled], ['XOR', 'WWE'])).toBe(epic('XOR', '021712'));
    // A glyph read twice ("44") is the extra one, even where dropping another digit also gives
    // a valid check digit (a number of the English part, "WWE03364338", had both).
    expect(nearestEpic([epic('XYZ', '123400').replace('1234004', '12344004')], [])).toBe(epic('XYZ', '123400'));
    expect(nearestEpic(['WWE03364338'], ['WWE'])).toBe('WWE0336438');
    // Two letters pressed into one ("SS" read as "5"): a series one edit away restores them.
    expect(nearestEpic([epic('SST', '022992').replace('SST', '5T')], ['SST'])).toBe(epic('SST', '022992'));
    expect(nearestEpic([epic('SST', '022992').replace('SST', '5T')], [])).toBeNull();
    // Seven digits with no letters near a series, or digits beyond repair, give nothing.
    expect(nearestEpic(['12 34567 89'], ['WWE'])).toBeNull();
    expect(nearestEpic(['XYZ12KK4567'], [])).toBeNull();
  });
});

describe('older-format EPICs', () => {
  it("should mend a state's letters OCR misread when the constituency and part are the usual ones", () => {
    const states = new Map([['12/094', new Map([['RJ', 3], ['RU', 1]])]]);
    const mended = (epic: string) => {
      const voter = { epic };
      mendOldEpicState(voter, states);
      return voter.epic;
    };
    expect(mended('RU/12/094/114085')).toBe('RJ/12/094/114085');
    expect(mended('UJ/12/094/115025')).toBe('RJ/12/094/115025');
    // Two letters off, another constituency or part, or a modern EPIC: as read ("RK" is a letter
    // off three states; "RU", a letter off Rajasthan's alone, would be mended as no state's).
    expect(mended('UP/12/094/114085')).toBe('UP/12/094/114085');
    expect(mended('RK/12/095/114085')).toBe('RK/12/095/114085');
    expect(mended('UCW2048155')).toBe('UCW2048155');
    // Letters read as often as the usual ones are not a misreading of them.
    const even = new Map([['12/094', new Map([['RJ', 2], ['RK', 2]])]]);
    const voter = { epic: 'RK/12/094/114085' };
    mendOldEpicState(voter, even);
    expect(voter.epic).toBe('RK/12/094/114085');
    expect(oldEpicParts('RJ/12/094/114129')).toEqual({ state: 'RJ', place: '12/094' });
  });
});

describe('Devanagari text', () => {
  it('should turn Devanagari and Gujarati digits into numbers', () => {
    expect(latinDigits('वय : ३९')).toBe('वय : 39');
    expect(latinDigits('૪૫')).toBe('45');
  });

  it('should tell a garbled text layer from real Marathi when the vowel signs are missing', () => {
    const real = 'मतदाराचे पूर्ण नाव देशमुख सुनील माधव वडिलांचे नाव देशमुख माधव घर क्रमांक वय लिंग पुरुष';
    const garbled = 'मतदभरभचर पपरर नभअश दशमख सनल मभधश दशमख मभधश घर कमभअक शय ललग मतदभर यभदद';
    expect(isGarbledLayer(real)).toBe(false);
    expect(isGarbledLayer(garbled)).toBe(true);
    expect(isGarbledLayer('Name : Asha')).toBe(false);
    expect(hasDevanagari(garbled)).toBe(true);
    expect(looksMarathi(real)).toBe(true);
    expect(looksMarathi('नाम: रवि पिता का नाम: मोहन मकान संख्या आयु')).toBe(false);
  });

  it('should tell a garbled layer in any Indic script, or one of Latin-1 letters, from real text', () => {
    // A Gujarati roll's layer as a Shruti font maps it: one consonant a glyph, no vowel sign.
    const gujarati = 'નામ :- પટેલ કિરણભાઈ મોહનભાઈ પિતાનું નામ :- પટેલ મોહનભાઈ ઘર નંબર : 12 ઉંમર : 40 જાતિ : પુરુષ';
    const garbledGujarati = 'નપમ :- પટરલ કકરણભપઈ મમહનભપઈ પપતપનપ નપમ :- પટરલ મમહનભપઈ ઘર નનબર : 12 ઉમર : 40 જસત : પપરર';
    expect(isGarbledLayer(gujarati)).toBe(false);
    expect(isGarbledLayer(garbledGujarati)).toBe(true);
    // A layer whose Indic font has no character map comes out as accented Latin letters.
    expect(isGarbledLayer('ÃÅæÞ ÈÜÞ : ×ÞÔá ÃÜÞÏ ÑÞ´Þ ÈÜÞ : ÃÅæÞ ÑÞ´Þ ÈÜÞ ÃÅæÞ ÈÜÞ : ×ÞÔá Age 40 ÑÞ´Þ ÈÜÞ')).toBe(true);
    expect(isGarbledLayer("Name : José Müller Father's Name : Ana Müller House Number : 12 Age : 40 Gender : Male Name : Renée Ortiz")).toBe(false);
  });

  it('should tell the languages a text\'s script is written in', () => {
    expect(profilesOfScript('નામ PJG2164879 પટેલ').map((profile) => profile.code)).toEqual(['guj']);
    expect(profilesOfScript('नाव ABC1234567 देशमुख').map((profile) => profile.code)).toEqual(['hin', 'mar']);
    expect(profilesOfScript('12 : -')).toEqual([]);
  });
});

describe('parseBox', () => {
  it('should read a Hindi box when OCR gives its labelled lines', () => {
    const box = parseBox({
      header: line('7 XYZ1234566'),
      body: [line('नाम: कमला देवी'), line('पति का नाम: रवि कुमार'), line('मकान संख्या : 20/2'), line('आयु : ६६ लिंग: महिला')],
    });
    expect(box).toMatchObject({ serialNo: 7, epic: 'XYZ1234566', fullName: 'कमला देवी', relation: 'husband', relativeName: 'रवि कुमार', houseNo: '20/2', age: 66, gender: 'Female', review: [] });
  });

  it('should keep the house line out of the name when OCR garbles its labels and drop zero-width joiners', () => {
    // Misreadings of the Hindi and Marathi models: "माता" as "भाता", "संख्या" as "सछ्या",
    // and "प्त" written with a zero-width joiner.
    const box = parseBox({
      header: line('9 XYZ1234566'),
      body: [line('नाम: रवि गुप्\u200dता'), line('भाता का नाम: कमला देवी'), line('मकान सछ्या : 45'), line('आयु : 30 लिंग: पुरुष')],
    });
    expect(box).toMatchObject({ fullName: 'रवि गुप्ता', relation: 'mother', relativeName: 'कमला देवी', houseNo: '45', age: 30, gender: 'Male' });
  });

  it('should read a word-final halant under ड as the nukta OCR misread, and keep a halant elsewhere', () => {
    const box = parseBox({ header: line('9 XYZ1234566'), body: [line('नाम: नीलम गौड्'), line('पति का नाम: राम गौड् शर्मा'), line('मकान संख्या : 45'), line('आयु : 30 लिंग: महिला')] });
    expect(box).toMatchObject({ fullName: 'नीलम गौड़'.normalize('NFC'), relativeName: 'राम गौड़ शर्मा'.normalize('NFC') });
    expect(parseBox({ header: line('9 XYZ1234566'), body: [line('नाम: अड्डा सिंह'), line('पिता का नाम: राम'), line('आयु : 30 लिंग: पुरुष')] }).fullName).toBe('अड्डा सिंह');
  });

  it('should read a 1 that the Devanagari models gave as a danda when it stands beside a digit', () => {
    // The Hindi scan's "आयु : 41" and "21" came out of OCR as "4।" and "2।".
    const box = parseBox({
      header: line('16 XYZ1234566'),
      body: [line('नाम: अरुण मिश्रा'), line('पिता का नाम: राज नारायण'), line('मकान संख्या : ।5'), line('आयु : 4। लिंग: पुरुष')],
    });
    expect(box).toMatchObject({ houseNo: '15', age: 41, gender: 'Male' });
    expect(parseBox({ header: line('17 XYZ1234566'), body: [line('नाम: रवि'), line('पिता का नाम: राज'), line('मकान संख्या : -'), line('आयु : 2। लिंग: पुरुष')] }).age).toBe(21);
  });

  it('should read a 1 given as an exclamation mark beside a digit in a house number', () => {
    // The Hindi scan's "81डी3" came out as "8!डी3".
    const box = parseBox({ header: line('21 XYZ1234566'), body: [line('नाम: दिनेश'), line('पिता का नाम: महेश'), line('मकान संख्या : 8!डी3'), line('आयु : 29 लिंग: पुरुष')] });
    expect(box.houseNo).toBe('81डी3');
  });

  it('should read a Marathi box when the label wraps and two lines run together', () => {
    const box = parseBox({
      header: line('1,207 XYZ1234566 10/100/20'),
      body: [line('मतदाराचे पूर्ण:देशमुख सुनील माधव'), line('नांव'), line('वडिलांचे नाव :देशमुख माधव'), line('घर क्रमांक : २ A'), line('वय : ३९ लिंग : पु'), line('**', 1)],
    });
    expect(box).toMatchObject({ serialNo: 1207, fullName: 'देशमुख सुनील माधव', relation: 'father', relativeName: 'देशमुख माधव', houseNo: '2 A', age: 39, gender: 'Male', duplicateMark: true });
    const merged = parseBox({ header: line('3 XYZ1234566'), body: [line('मतदाराचे पूर्ण:जाधव सविता पतीचे नाव : जाधव अशोक'), line('वय : ४६ लिंग : स्त्री')] });
    expect(merged).toMatchObject({ fullName: 'जाधव सविता', relation: 'husband', relativeName: 'जाधव अशोक', gender: 'Female' });
    // A scanned ward list's bold स्त्री, as the Marathi model reads it.
    for (const read of ['लिंग :सत्री', 'लिंग :खसत्री', 'लिंग : खत्री', 'लिंग : सरी']) {
      expect(parseBox({ header: line('4 XYZ1234566'), body: [line('मतदाराचे पूर्ण:जाधव सविता'), line(`वय : ४६ ${read}`, 0.7)] })).toMatchObject({ gender: 'Female' });
    }
  });

  it('should not send an unsure स्त्री for review, and should when a husband\'s name stands beside a Male reading', () => {
    const marathi = (relative: string, gender: string, confidence: number) =>
      parseBox({ header: line('5 XYZ1234566'), body: [line('मतदाराचे पूर्ण:जाधव सविता'), line(relative), line('घर क्रमांक : -'), line(`वय : ४६ लिंग ${gender}`, confidence)] });
    const genderReview = (box: ReturnType<typeof parseBox>) => box.review.filter((reason) => reason.field === 'gender');
    // Read at 35% with the colon's spur as ख: its class is sure, whoever the relative is.
    const unsure = marathi('वडिलांचे नाव :जाधव अशोक', ':खस्त्री', 0.35);
    expect(unsure).toMatchObject({ gender: 'Female', relation: 'father' });
    expect(unsure.confidence.gender).toBeGreaterThanOrEqual(0.8);
    expect(genderReview(unsure)).toEqual([]);
    // An unsure पु stays for review beside a father, and a sure one is doubted beside a husband.
    expect(genderReview(marathi('वडिलांचे नाव :जाधव अशोक', ':पु', 0.5))).toEqual([{ field: 'gender', reason: 'low-confidence' }]);
    const contradiction = marathi('पतीचे नाव :जाधव अशोक', ':पु', 0.95);
    expect(contradiction).toMatchObject({ gender: 'Male', relation: 'husband' });
    expect(genderReview(contradiction)).toEqual([{ field: 'gender', reason: 'low-confidence' }]);
    // A Latin "Male" may be half of "Female": an unsure one stays for review.
    const latin = parseBox({ header: line('6 XYZ1234566'), body: [line('Name : Savita Jadhav'), line("Father's Name : Ashok Jadhav"), line('Age : 46 Gender : Male', 0.5)] });
    expect(genderReview(latin)).toEqual([{ field: 'gender', reason: 'low-confidence' }]);
  });

  it('should flag a field for review when OCR is unsure, the name holds digits or the age is out of range', () => {
    const box = parseBox({ header: line('12 XYZ1234567'), body: [line('Name : Ra5hmi Pawar'), line("Father's Name : Sunil Pawar", 0.5), line('Age : 7 Gender : FEMALE')] });
    expect(box.review).toEqual(
      expect.arrayContaining([
        { field: 'epic', reason: 'epic-check-digit' },
        { field: 'fullName', reason: 'low-confidence' },
        { field: 'relativeName', reason: 'low-confidence' },
        { field: 'age', reason: 'age-out-of-range' },
      ]),
    );
  });

  it('should mark the box missing fields when the box is empty', () => {
    const box = parseBox({ header: { words: [] }, body: [] });
    expect(box.review.map((reason) => reason.field)).toEqual(expect.arrayContaining(['serialNo', 'epic', 'fullName', 'age', 'gender']));
    expect(box.confidence.fullName).toBe(0);
  });
});

// A white image with black rectangles drawn in it.
function drawing(width: number, height: number, rects: { x: number; y: number; w: number; h: number }[]): GrayImage {
  const data = new Uint8Array(width * height).fill(255);
  for (const { x, y, w, h } of rects) {
    for (let i = x; i <= x + w; i += 1) {
      data[y * width + i] = 0;
      data[(y + h) * width + i] = 0;
    }
    for (let j = y; j <= y + h; j += 1) {
      data[j * width + x] = 0;
      data[j * width + x + w] = 0;
    }
  }
  return { width, height, data };
}

describe('findBoxes', () => {
  const options = { minWidth: 100, maxWidth: 330, minHeight: 40, maxHeight: 200 };

  it('should find a grid of boxes and ignore the photo frames inside them', () => {
    const rects = [];
    for (let row = 0; row < 3; row += 1) {
      for (let column = 0; column < 3; column += 1) {
        const x = 10 + column * 190;
        const y = 20 + row * 80;
        rects.push({ x, y, w: 180, h: 70 }, { x: x + 130, y: y + 20, w: 40, h: 45 });
      }
    }
    const boxes = voterBoxGroup(findBoxes(drawing(600, 300, rects), options));
    expect(boxes).toHaveLength(9);
    // Edges are found give or take a pixel (lines of scans are not one pixel wide).
    const corners = boxes.map((box) => [Math.round(box.x / 10) * 10, Math.round(box.y / 10) * 10]);
    expect(corners.slice(0, 4)).toEqual([[10, 20], [200, 20], [390, 20], [10, 100]]);
    expect(Math.abs((boxes[0]?.width ?? 0) - 180)).toBeLessThanOrEqual(3);
  });

  it('should find boxes that share their edges when the grid is drawn as one table', () => {
    const rects = [];
    for (let row = 0; row < 2; row += 1) for (let column = 0; column < 2; column += 1) rects.push({ x: 10 + column * 250, y: 10 + row * 60, w: 250, h: 60 });
    expect(voterBoxGroup(findBoxes(drawing(600, 200, rects), options))).toHaveLength(4);
  });

  it('should find no voter boxes when the page has one frame only', () => {
    expect(voterBoxGroup(findBoxes(drawing(600, 300, [{ x: 10, y: 10, w: 300, h: 150 }]), options))).toEqual([]);
  });
});

describe('photoLeft', () => {
  // A box of 600 × 220 pixels: a header line and four lines of text on the left (thin stems,
  // as print is) on `paper`, and on the right what `draw` puts there.
  const box = { x: 0, y: 0, width: 600, height: 220 };
  function boxImage(paper: number, draw: (fill: (x0: number, y0: number, x1: number, y1: number, value: number) => void) => void): GrayImage {
    const image: GrayImage = { width: box.width, height: box.height, data: new Uint8Array(box.width * box.height).fill(paper) };
    const fill = (x0: number, y0: number, x1: number, y1: number, value: number) => {
      for (let y = y0; y < y1; y += 1) image.data.fill(value, y * box.width + x0, y * box.width + x1);
    };
    // The header line (serial number, EPIC) across the top, then the lines of text.
    for (let x = 10; x < 590; x += 8) fill(x, 8, x + 2, 22, 30);
    for (const top of [40, 85, 130, 175]) for (let x = 10; x < 300; x += 6) fill(x, top, x + 2, top + 20, 30);
    draw(fill);
    return image;
  }
  // A colour photo scanned in grey, no frame: a face (mid-grey) over a dark shirt, whose lighter
  // shoulder reaches further left, all on a pale wall.
  const photo = (fill: (x0: number, y0: number, x1: number, y1: number, value: number) => void) => {
    fill(440, 55, 565, 212, 245);
    fill(455, 60, 530, 130, 170);
    fill(470, 130, 545, 210, 80);
    fill(450, 140, 470, 210, 180);
  };

  it("should take a framed photo's left line and top as they are", () => {
    const image = boxImage(255, (fill) => {
      fill(430, 50, 560, 52, 20);
      fill(430, 208, 560, 210, 20);
      fill(430, 50, 432, 210, 20);
      fill(558, 50, 560, 210, 20);
    });
    expect(photoLeft(image, box, [])).toEqual({ left: 430, top: 50 });
  });

  it("should take in an unframed photo's lighter edge and its face above the dark run on clean paper", () => {
    expect(photoLeft(boxImage(255, photo), box, [])).toEqual({ left: 450, top: 60 });
  });

  it('should keep to the dark run on a dim scan, where paper is as grey as a face', () => {
    expect(photoLeft(boxImage(190, photo), box, [])).toEqual({ left: 470, top: 130 });
  });
});

describe('usualPhotoPlaces', () => {
  const at = (left: number, top = 80) => ({ left, top });

  it("should give a box whose photo was missed, or found inside the photo, the page's usual place", () => {
    // The usual place: the median left (435) and top (80) of those found.
    const found = [at(434), at(466, 82), at(434, 79), null, at(435), at(477)];
    expect(usualPhotoPlaces(found, 563)).toEqual([at(434), at(435), at(434, 79), at(435), at(435), at(435)]);
  });

  it('should keep what each box found when too few boxes agree on a place', () => {
    const found = [at(434), null, null, at(470), null];
    expect(usualPhotoPlaces(found, 563)).toBe(found);
    expect(usualPhotoPlaces([at(434), at(434), null], 563)).toEqual([at(434), at(434), null]);
  });

  it('should keep a photo found left of the usual place (a frame drawn wider)', () => {
    expect(usualPhotoPlaces([at(400), at(434), at(434), at(434)], 563)[0]).toEqual(at(400));
  });
});

describe('eraseRules', () => {
  // A 300 × 60 box's frame, and inside it a word's 120-pixel headline with a 20-pixel stem.
  const drawn = (): GrayImage => {
    const image = drawing(300, 60, [{ x: 0, y: 0, w: 299, h: 59 }]);
    for (let x = 40; x < 160; x += 1) image.data[20 * 300 + x] = 0;
    for (let y = 20; y < 40; y += 1) image.data[y * 300 + 60] = 0;
    return image;
  };
  const inked = (image: GrayImage, x: number, y: number) => image.data[y * image.width + x] === 0;

  it('should erase the frame and any run longer than a letter when one limit is given', () => {
    const cleaned = eraseRules(drawn(), 36);
    expect([inked(cleaned, 150, 0), inked(cleaned, 0, 30), inked(cleaned, 100, 20), inked(cleaned, 60, 30)]).toEqual([false, false, false, true]);
  });

  it("should keep a Devanagari word's headline and still erase the frame when runs across may be longer", () => {
    const cleaned = eraseRules(drawn(), 36, 140, 150);
    expect([inked(cleaned, 150, 0), inked(cleaned, 0, 30), inked(cleaned, 100, 20), inked(cleaned, 60, 30)]).toEqual([false, false, true, true]);
  });
});

describe('parseCover', () => {
  // An ECI cover as OCR reads it, columns kept apart by runs of spaces (invented place names).
  const ocrCover = [
    'ELECTORAL ROLL 2026',
    'No. Name and Reservation Status of Assembly Constituency : 12 - Sample Nagar (GEN)    Part number',
    '2 . Details of part and polling area',
    'No. and name of sections in the part',
    '1. Station Road . -',
    'A    Main Town or Village    Sampleville',
    '2. Market Lane    Post Office    Sampleville',
    'District    : Yavatmal',
    'Pin Code    : 445001',
    '3. Polling Station Details',
    'No. and Name of Polling Station :    Type of Polling Station    General',
    '.    F    .    (Male/Female/General)',
    '7-Zilla Parishad School Room 1,',
    'Sample Nagar',
    'Address of Polling Station :    Stations in this part :    0',
    'Main Road, Sample Nagar',
    '4. NUMBER OF ELECTORS',
    'Starting    Ending    Net Electors',
    'Serial No.    Serial No.    Male    Female    Third Gender    Total',
    '1    986    536    450    0    986',
  ].join('\n');

  it('should take a value printed below its label when the label\'s line goes on with another column', () => {
    const cover = parseCover(1, ocrCover);
    expect(cover).toMatchObject({
      constituency: '12 - Sample Nagar (GEN)',
      pollingStationNumber: 7,
      pollingStationName: 'Zilla Parishad School Room 1, Sample Nagar',
      pollingStationAddress: 'Main Road, Sample Nagar',
      village: 'Sampleville',
      district: 'Yavatmal',
      pin: '445001',
    });
  });

  it('should take the totals under the header that has numbers under it, not the station type\'s "Male/Female"', () => {
    expect(parseCover(1, ocrCover).totals).toEqual({ male: 536, female: 450, third: 0, total: 986 });
  });

  it('should end the sections at the next block\'s heading, keeping only their first column', () => {
    expect(parseCover(1, ocrCover).sections).toEqual([
      { number: '1', name: 'Station Road' },
      { number: '2', name: 'Market Lane' },
    ]);
  });
});
