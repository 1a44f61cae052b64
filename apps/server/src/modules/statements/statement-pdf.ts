/// <reference path="../../types/pdfmake.d.ts" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pdfmake from 'pdfmake';

const FONTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/fonts');
const font = (file: string) => path.join(FONTS, file);

// The fonts ship in the repository and nothing is ever fetched: a statement builds the same
// offline, and a document can never make the server call out to an address.
pdfmake.setFonts({
  Roboto: {
    normal: font('Roboto-Regular.ttf'),
    bold: font('Roboto-Medium.ttf'),
    italics: font('Roboto-Italic.ttf'),
    bolditalics: font('Roboto-Medium.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((p) => p.startsWith(FONTS));

/** Renders a pdfmake document definition to the bytes of a PDF. */
export function renderPdf(doc: object): Promise<Buffer> {
  return pdfmake.createPdf(doc).getBuffer();
}
