/** A PDF's text as a reader's PDF software extracts it (PDF.js, through unpdf). */
import { getDocumentProxy } from 'unpdf';

export async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) {
    const { items } = await (await pdf.getPage(n)).getTextContent();
    text += items.flatMap((i) => ('str' in i ? [i.str] : [])).join('');
  }
  return text;
}
