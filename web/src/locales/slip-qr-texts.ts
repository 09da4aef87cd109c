import type { Language } from '@shared/i18n/languages';
import type { LocaleTextsOf } from './locale-texts';

// Slips with a QR code (issue 61, decision 085) in their own namespace, 'slipQr': loaded with
// the poll-day scan and the voter dialog's slip section, never with the first download. Each
// language has the English shape (a missing key does not compile).
export const slipQrEn = {
  scan: {
    open: 'Scan slip',
    title: 'Scan a voter slip',
    hint: 'Point the back camera at the QR code on the slip. The voter is marked as soon as it is read.',
    starting: 'Starting the camera…',
    looking: 'Looking for a QR code…',
    camera: 'Camera',
    cameraBlocked: 'The camera could not be opened. Allow the camera for this site, or choose a photo of the slip.',
    noCamera: 'This browser cannot open the camera here. Choose a photo of the slip instead.',
    photo: 'Choose a photo',
    noCodeInPhoto: 'No QR code found in this photo. Take it closer, flat and in good light.',
    checking: 'Checking the slip…',
    marked: 'Marked as voted',
    already: 'Already marked as voted at {{time}}',
    queued: 'Saved on this phone: the slip will be checked and the voter marked when the connection returns',
    refused: 'Not marked',
    failed: 'Could not mark this slip.',
    serial: 'Serial no. {{serial}}',
    close: 'Close',
    result: 'Last slip scanned',
  },
  code: {
    title: 'Slip QR code',
    first: 'Slips printed so far carry this voter’s first QR code.',
    revoked: 'Revoked on {{date}} by {{name}}: slips printed before then no longer mark the voter.',
    revoke: 'Revoke slip QR code',
    confirmTitle: 'Revoke the slip QR code?',
    confirm: 'Slips of {{name}} printed until now will no longer mark the voter on poll day. Print a new slip after this.',
    done: 'Slip QR code revoked. Print a new slip for the voter.',
    failed: 'Could not revoke the slip QR code.',
    loadFailed: 'Could not load the slip QR code.',
  },
};

type SlipQrTexts = LocaleTextsOf<typeof slipQrEn>;

const slipQrMr: SlipQrTexts = {
  scan: {
    open: 'चिठ्ठी स्कॅन करा',
    title: 'मतदार चिठ्ठी स्कॅन करा',
    hint: 'मागचा कॅमेरा चिठ्ठीवरील QR कोडकडे धरा. कोड वाचताच मतदाराच्या मतदानाची नोंद होते.',
    starting: 'कॅमेरा सुरू होत आहे…',
    looking: 'QR कोड शोधत आहे…',
    camera: 'कॅमेरा',
    cameraBlocked: 'कॅमेरा उघडता आला नाही. या साइटला कॅमेऱ्याची परवानगी द्या, किंवा चिठ्ठीचा फोटो निवडा.',
    noCamera: 'या ब्राउझरमध्ये इथे कॅमेरा उघडता येत नाही. त्याऐवजी चिठ्ठीचा फोटो निवडा.',
    photo: 'फोटो निवडा',
    noCodeInPhoto: 'या फोटोत QR कोड सापडला नाही. चिठ्ठी सपाट ठेवून, चांगल्या उजेडात, जवळून फोटो घ्या.',
    checking: 'चिठ्ठी तपासत आहे…',
    marked: 'मतदान झाल्याची नोंद केली',
    already: '{{time}} वाजता आधीच मतदान झाल्याची नोंद आहे',
    queued: 'या फोनवर जतन केले: इंटरनेट परत आल्यावर चिठ्ठी तपासून मतदाराची नोंद होईल',
    refused: 'नोंद झाली नाही',
    failed: 'या चिठ्ठीची नोंद करता आली नाही.',
    serial: 'अनुक्रमांक {{serial}}',
    close: 'बंद करा',
    result: 'शेवटची स्कॅन केलेली चिठ्ठी',
  },
  code: {
    title: 'चिठ्ठीचा QR कोड',
    first: 'आतापर्यंत छापलेल्या चिठ्ठ्यांवर या मतदाराचा पहिला QR कोड आहे.',
    revoked: '{{date}} रोजी {{name}} यांनी रद्द केला: त्याआधी छापलेल्या चिठ्ठ्यांनी आता मतदाराची नोंद होत नाही.',
    revoke: 'चिठ्ठीचा QR कोड रद्द करा',
    confirmTitle: 'चिठ्ठीचा QR कोड रद्द करायचा?',
    confirm: '{{name}} यांच्या आतापर्यंत छापलेल्या चिठ्ठ्यांनी मतदानाच्या दिवशी मतदाराची नोंद होणार नाही. यानंतर नवीन चिठ्ठी छापा.',
    done: 'चिठ्ठीचा QR कोड रद्द केला. मतदारासाठी नवीन चिठ्ठी छापा.',
    failed: 'चिठ्ठीचा QR कोड रद्द करता आला नाही.',
    loadFailed: 'चिठ्ठीचा QR कोड दाखवता आला नाही.',
  },
};

const slipQrHi: SlipQrTexts = {
  scan: {
    open: 'पर्ची स्कैन करें',
    title: 'मतदाता पर्ची स्कैन करें',
    hint: 'पीछे का कैमरा पर्ची के QR कोड की ओर करें। कोड पढ़ते ही मतदाता का मतदान दर्ज हो जाता है।',
    starting: 'कैमरा शुरू हो रहा है…',
    looking: 'QR कोड खोज रहे हैं…',
    camera: 'कैमरा',
    cameraBlocked: 'कैमरा नहीं खुल सका। इस साइट को कैमरे की अनुमति दें, या पर्ची की फ़ोटो चुनें।',
    noCamera: 'यह ब्राउज़र यहाँ कैमरा नहीं खोल सकता। इसकी जगह पर्ची की फ़ोटो चुनें।',
    photo: 'फ़ोटो चुनें',
    noCodeInPhoto: 'इस फ़ोटो में QR कोड नहीं मिला। पर्ची सीधी रखकर, अच्छी रोशनी में, पास से फ़ोटो लें।',
    checking: 'पर्ची जाँच रहे हैं…',
    marked: 'मतदान दर्ज किया',
    already: '{{time}} बजे पहले ही मतदान दर्ज है',
    queued: 'इस फ़ोन पर सहेजा गया: इंटरनेट लौटने पर पर्ची जाँचकर मतदाता दर्ज होगा',
    refused: 'दर्ज नहीं हुआ',
    failed: 'यह पर्ची दर्ज नहीं हो सकी।',
    serial: 'क्रमांक {{serial}}',
    close: 'बंद करें',
    result: 'आख़िरी स्कैन की गई पर्ची',
  },
  code: {
    title: 'पर्ची का QR कोड',
    first: 'अब तक छपी पर्चियों पर इस मतदाता का पहला QR कोड है।',
    revoked: '{{date}} को {{name}} ने रद्द किया: उससे पहले छपी पर्चियों से अब मतदाता दर्ज नहीं होता।',
    revoke: 'पर्ची का QR कोड रद्द करें',
    confirmTitle: 'पर्ची का QR कोड रद्द करें?',
    confirm: '{{name}} की अब तक छपी पर्चियों से मतदान के दिन मतदाता दर्ज नहीं होगा। इसके बाद नई पर्ची छापें।',
    done: 'पर्ची का QR कोड रद्द किया। मतदाता के लिए नई पर्ची छापें।',
    failed: 'पर्ची का QR कोड रद्द नहीं हो सका।',
    loadFailed: 'पर्ची का QR कोड नहीं दिखाया जा सका।',
  },
};

const slipQrGu: SlipQrTexts = {
  scan: {
    open: 'કાપલી સ્કેન કરો',
    title: 'મતદાર કાપલી સ્કેન કરો',
    hint: 'પાછળનો કૅમેરા કાપલી પરના QR કોડ તરફ રાખો. કોડ વંચાતાં જ મતદારનું મતદાન નોંધાઈ જાય છે.',
    starting: 'કૅમેરા શરૂ થાય છે…',
    looking: 'QR કોડ શોધી રહ્યા છીએ…',
    camera: 'કૅમેરા',
    cameraBlocked: 'કૅમેરા ખૂલી શક્યો નહીં. આ સાઇટને કૅમેરાની પરવાનગી આપો, અથવા કાપલીનો ફોટો પસંદ કરો.',
    noCamera: 'આ બ્રાઉઝર અહીં કૅમેરા ખોલી શકતું નથી. તેના બદલે કાપલીનો ફોટો પસંદ કરો.',
    photo: 'ફોટો પસંદ કરો',
    noCodeInPhoto: 'આ ફોટામાં QR કોડ મળ્યો નહીં. કાપલી સપાટ રાખી, સારા પ્રકાશમાં, નજીકથી ફોટો લો.',
    checking: 'કાપલી તપાસી રહ્યા છીએ…',
    marked: 'મતદાન નોંધ્યું',
    already: '{{time}} વાગ્યે મતદાન પહેલેથી નોંધાયેલું છે',
    queued: 'આ ફોનમાં સાચવ્યું: ઇન્ટરનેટ પાછું આવતાં કાપલી તપાસીને મતદાર નોંધાશે',
    refused: 'નોંધાયું નહીં',
    failed: 'આ કાપલી નોંધી શકાઈ નહીં.',
    serial: 'ક્રમાંક {{serial}}',
    close: 'બંધ કરો',
    result: 'છેલ્લી સ્કેન કરેલી કાપલી',
  },
  code: {
    title: 'કાપલીનો QR કોડ',
    first: 'અત્યાર સુધી છપાયેલી કાપલીઓ પર આ મતદારનો પહેલો QR કોડ છે.',
    revoked: '{{date}} ના રોજ {{name}} એ રદ કર્યો: તે પહેલાં છપાયેલી કાપલીઓથી હવે મતદાર નોંધાતા નથી.',
    revoke: 'કાપલીનો QR કોડ રદ કરો',
    confirmTitle: 'કાપલીનો QR કોડ રદ કરવો છે?',
    confirm: '{{name}} ની અત્યાર સુધી છપાયેલી કાપલીઓથી મતદાનના દિવસે મતદાર નોંધાશે નહીં. આ પછી નવી કાપલી છાપો.',
    done: 'કાપલીનો QR કોડ રદ કર્યો. મતદાર માટે નવી કાપલી છાપો.',
    failed: 'કાપલીનો QR કોડ રદ કરી શકાયો નહીં.',
    loadFailed: 'કાપલીનો QR કોડ બતાવી શકાયો નહીં.',
  },
};

export const SLIP_QR_TEXTS: Record<Language, SlipQrTexts> = { en: slipQrEn, mr: slipQrMr, hi: slipQrHi, gu: slipQrGu };
