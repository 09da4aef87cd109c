import path from 'node:path';

// English is read with tesseract's "fast" model, kept beside this file (tessdata-fast/README.md,
// decision 050): two thirds of the "best" model's time on a scanned roll, as accurate on the
// samples. Reader threads run a bundle kept elsewhere, so the thread that starts one passes this
// folder (this module stays free of tesseract.js, so the server's own thread never loads it).
export const ENGLISH_MODEL_FOLDER = path.join(import.meta.dirname, 'tessdata-fast');
