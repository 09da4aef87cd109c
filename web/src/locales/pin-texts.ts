import type { Language } from '@shared/i18n/languages';
import type { LocaleTextsOf } from './locale-texts';

// The PIN screens of the phone's copy (issue 57, decision 075) in their own namespace, 'pin':
// loaded with those screens (features/offline), never with the first download, whose budget
// they would not fit. Each language has the English shape (a missing key does not compile).
export const pinEn = {
  setup: {
    open: 'Set PIN',
    title: 'Set a PIN for this phone',
    intro: "Your booths' voters are ready to keep on this phone, for work without a connection. Choose a PIN of 6 to 8 digits: it locks them, and the app asks for it each time it opens.",
    warning: 'Five wrong PINs in a row delete them from this phone.',
    pin: 'PIN',
    repeat: 'PIN again',
    invalid: 'The PIN must be 6 to 8 digits',
    differ: 'The two PINs are not the same',
    save: 'Keep voters on this phone',
    saved: 'Voters kept on this phone, locked with your PIN',
    failed: 'The voters could not be kept on this phone',
  },
  unlock: {
    title: 'Enter your PIN',
    intro: 'The voters on this phone are locked. Enter the PIN you set on this phone.',
    pin: 'PIN',
    open: 'Open',
    invalid: 'The PIN must be 6 to 8 digits',
    wrong_one: 'Wrong PIN. {{count}} try left.',
    wrong_other: 'Wrong PIN. {{count}} tries left.',
    lastTry: 'Last try: a wrong PIN now deletes the voters on this phone.',
    waiting_one: '{{count}} change not yet sent is on this phone; five wrong PINs delete it too.',
    waiting_other: '{{count}} changes not yet sent are on this phone; five wrong PINs delete them too.',
    forgot: 'Forgot PIN?',
    forgotText: 'Delete the voters on this phone and sign out? Sign in again with a connection: the voters are synced again, then set a new PIN.',
    forgotWaiting_one: '{{count}} change not yet sent will be lost.',
    forgotWaiting_other: '{{count}} changes not yet sent will be lost.',
    forgotConfirm: 'Delete and sign out',
    cancel: 'Cancel',
    wiped: 'Five wrong PINs: the voters on this phone were deleted. Sign in again to get them back.',
  },
};

type PinTexts = LocaleTextsOf<typeof pinEn>;

const pinMr: PinTexts = {
  setup: {
    open: 'पिन ठेवा',
    title: 'या फोनसाठी पिन ठेवा',
    intro: 'तुमच्या बूथचे मतदार इंटरनेटशिवाय कामासाठी या फोनवर ठेवायला तयार आहेत. 6 ते 8 अंकांचा पिन निवडा: तो त्यांना कुलूप लावतो, आणि ॲप प्रत्येक वेळी उघडताना तो विचारते.',
    warning: 'सलग पाच वेळा चुकीचा पिन दिल्यास ते या फोनवरून हटवले जातात.',
    pin: 'पिन',
    repeat: 'पिन पुन्हा',
    invalid: 'पिन 6 ते 8 अंकांचा असावा',
    differ: 'दोन्ही पिन सारखे नाहीत',
    save: 'मतदार या फोनवर ठेवा',
    saved: 'मतदार या फोनवर ठेवले, तुमच्या पिनने कुलूपबंद',
    failed: 'मतदार या फोनवर ठेवता आले नाहीत',
  },
  unlock: {
    title: 'तुमचा पिन टाका',
    intro: 'या फोनवरील मतदार कुलूपबंद आहेत. तुम्ही या फोनवर ठेवलेला पिन टाका.',
    pin: 'पिन',
    open: 'उघडा',
    invalid: 'पिन 6 ते 8 अंकांचा असावा',
    wrong_one: 'चुकीचा पिन. आणखी {{count}} प्रयत्न शिल्लक.',
    wrong_other: 'चुकीचा पिन. आणखी {{count}} प्रयत्न शिल्लक.',
    lastTry: 'शेवटचा प्रयत्न: आता चुकीचा पिन दिल्यास या फोनवरील मतदार हटवले जातील.',
    waiting_one: 'अजून न पाठवलेला {{count}} बदल या फोनवर आहे; पाच चुकीचे पिन तोही हटवतील.',
    waiting_other: 'अजून न पाठवलेले {{count}} बदल या फोनवर आहेत; पाच चुकीचे पिन तेही हटवतील.',
    forgot: 'पिन विसरलात?',
    forgotText: 'या फोनवरील मतदार हटवून साइन आउट करायचे? इंटरनेट असताना पुन्हा साइन इन करा: मतदार पुन्हा सिंक होतील, मग नवा पिन ठेवा.',
    forgotWaiting_one: 'न पाठवलेला {{count}} बदल गमावला जाईल.',
    forgotWaiting_other: 'न पाठवलेले {{count}} बदल गमावले जातील.',
    forgotConfirm: 'हटवा आणि साइन आउट करा',
    cancel: 'रद्द करा',
    wiped: 'पाच वेळा चुकीचा पिन: या फोनवरील मतदार हटवले गेले. ते परत मिळवण्यासाठी पुन्हा साइन इन करा.',
  },
};

const pinHi: PinTexts = {
  setup: {
    open: 'पिन सेट करें',
    title: 'इस फ़ोन के लिए पिन सेट करें',
    intro: 'आपके बूथों के मतदाता इंटरनेट के बिना काम के लिए इस फ़ोन पर रखने को तैयार हैं। 6 से 8 अंकों का पिन चुनें: यह उन्हें लॉक करता है, और ऐप हर बार खुलने पर इसे पूछता है।',
    warning: 'लगातार पाँच बार गलत पिन देने पर वे इस फ़ोन से हटा दिए जाते हैं।',
    pin: 'पिन',
    repeat: 'पिन दोबारा',
    invalid: 'पिन 6 से 8 अंकों का होना चाहिए',
    differ: 'दोनों पिन एक जैसे नहीं हैं',
    save: 'मतदाता इस फ़ोन पर रखें',
    saved: 'मतदाता इस फ़ोन पर रखे गए, आपके पिन से लॉक',
    failed: 'मतदाता इस फ़ोन पर नहीं रखे जा सके',
  },
  unlock: {
    title: 'अपना पिन डालें',
    intro: 'इस फ़ोन के मतदाता लॉक हैं। इस फ़ोन पर सेट किया गया पिन डालें।',
    pin: 'पिन',
    open: 'खोलें',
    invalid: 'पिन 6 से 8 अंकों का होना चाहिए',
    wrong_one: 'गलत पिन। {{count}} प्रयास बचा है।',
    wrong_other: 'गलत पिन। {{count}} प्रयास बचे हैं।',
    lastTry: 'आख़िरी प्रयास: अब गलत पिन देने पर इस फ़ोन के मतदाता हटा दिए जाएँगे।',
    waiting_one: 'अभी न भेजा गया {{count}} बदलाव इस फ़ोन पर है; पाँच गलत पिन उसे भी हटा देंगे।',
    waiting_other: 'अभी न भेजे गए {{count}} बदलाव इस फ़ोन पर हैं; पाँच गलत पिन उन्हें भी हटा देंगे।',
    forgot: 'पिन भूल गए?',
    forgotText: 'इस फ़ोन के मतदाता हटाकर साइन आउट करें? इंटरनेट होने पर दोबारा साइन इन करें: मतदाता फिर से सिंक होंगे, फिर नया पिन सेट करें।',
    forgotWaiting_one: 'न भेजा गया {{count}} बदलाव खो जाएगा।',
    forgotWaiting_other: 'न भेजे गए {{count}} बदलाव खो जाएँगे।',
    forgotConfirm: 'हटाएँ और साइन आउट करें',
    cancel: 'रद्द करें',
    wiped: 'पाँच बार गलत पिन: इस फ़ोन के मतदाता हटा दिए गए। उन्हें वापस पाने के लिए दोबारा साइन इन करें।',
  },
};

const pinGu: PinTexts = {
  setup: {
    open: 'પિન સેટ કરો',
    title: 'આ ફોન માટે પિન સેટ કરો',
    intro: 'તમારા બૂથના મતદારો ઇન્ટરનેટ વિના કામ માટે આ ફોન પર રાખવા તૈયાર છે. 6 થી 8 અંકનો પિન પસંદ કરો: તે તેમને લૉક કરે છે, અને ઍપ દર વખતે ખૂલતાં તે પૂછે છે.',
    warning: 'સતત પાંચ વખત ખોટો પિન આપવાથી તેઓ આ ફોન પરથી કાઢી નાખવામાં આવે છે.',
    pin: 'પિન',
    repeat: 'પિન ફરીથી',
    invalid: 'પિન 6 થી 8 અંકનો હોવો જોઈએ',
    differ: 'બંને પિન સરખા નથી',
    save: 'મતદારો આ ફોન પર રાખો',
    saved: 'મતદારો આ ફોન પર રાખ્યા, તમારા પિનથી લૉક',
    failed: 'મતદારો આ ફોન પર રાખી શકાયા નહીં',
  },
  unlock: {
    title: 'તમારો પિન દાખલ કરો',
    intro: 'આ ફોન પરના મતદારો લૉક છે. આ ફોન પર સેટ કરેલો પિન દાખલ કરો.',
    pin: 'પિન',
    open: 'ખોલો',
    invalid: 'પિન 6 થી 8 અંકનો હોવો જોઈએ',
    wrong_one: 'ખોટો પિન. {{count}} પ્રયાસ બાકી છે.',
    wrong_other: 'ખોટો પિન. {{count}} પ્રયાસ બાકી છે.',
    lastTry: 'છેલ્લો પ્રયાસ: હવે ખોટો પિન આપવાથી આ ફોન પરના મતદારો કાઢી નાખવામાં આવશે.',
    waiting_one: 'હજી ન મોકલાયેલ {{count}} ફેરફાર આ ફોન પર છે; પાંચ ખોટા પિન તેને પણ કાઢી નાખશે.',
    waiting_other: 'હજી ન મોકલાયેલા {{count}} ફેરફારો આ ફોન પર છે; પાંચ ખોટા પિન તેમને પણ કાઢી નાખશે.',
    forgot: 'પિન ભૂલી ગયા?',
    forgotText: 'આ ફોન પરના મતદારો કાઢી નાખી સાઇન આઉટ કરવું છે? ઇન્ટરનેટ હોય ત્યારે ફરી સાઇન ઇન કરો: મતદારો ફરી સિંક થશે, પછી નવો પિન સેટ કરો.',
    forgotWaiting_one: 'ન મોકલાયેલ {{count}} ફેરફાર ગુમાઈ જશે.',
    forgotWaiting_other: 'ન મોકલાયેલા {{count}} ફેરફારો ગુમાઈ જશે.',
    forgotConfirm: 'કાઢી નાખો અને સાઇન આઉટ કરો',
    cancel: 'રદ કરો',
    wiped: 'પાંચ વખત ખોટો પિન: આ ફોન પરના મતદારો કાઢી નાખવામાં આવ્યા. તેમને પાછા મેળવવા ફરી સાઇન ઇન કરો.',
  },
};

export const PIN_TEXTS: Record<Language, PinTexts> = { en: pinEn, mr: pinMr, hi: pinHi, gu: pinGu };
