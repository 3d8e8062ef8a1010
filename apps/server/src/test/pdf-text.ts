/** A PDF's text as a reader's PDF software extracts it (PDF.js, through unpdf): each drawn run on a line of its own. */
import { getDocumentProxy } from 'unpdf';

export async function pdfText(bytes: Uint8Array): Promise<string> {
  // PDF.js takes over the buffer it is given: it reads a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) {
    const { items } = await (await pdf.getPage(n)).getTextContent();
    text += items.flatMap((i) => ('str' in i && i.str.trim() ? [i.str] : [])).join('\n') + '\n';
  }
  return text;
}
