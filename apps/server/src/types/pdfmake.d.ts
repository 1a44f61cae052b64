// pdfmake 0.3 ships no types: the part of its server API the statements use.
declare module 'pdfmake' {
  type FontFiles = { normal: string; bold: string; italics: string; bolditalics: string };
  type OutputDocument = { getBuffer(): Promise<Buffer> };
  const pdfmake: {
    setFonts(fonts: Record<string, FontFiles>): void;
    setUrlAccessPolicy(allow: (url: string) => boolean): void;
    setLocalAccessPolicy(allow: (path: string) => boolean): void;
    createPdf(doc: object): OutputDocument;
  };
  export default pdfmake;
}
