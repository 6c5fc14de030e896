/**
 * A plain-text PDF: the built-in upstream's rendition of insights and documents. One Helvetica page per 54
 * lines, lines wrapped at 90 characters; characters outside Latin-1 print as "?".
 */

const LINES_PER_PAGE = 54;
const LINE_WIDTH = 90;

function wrap(line: string): string[] {
  const words = line.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [""];
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    if (current && current.length + 1 + word.length > LINE_WIDTH) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  return [...lines, current];
}

function pdfString(text: string): string {
  const latin1 = [...text].map((char) => (char.charCodeAt(0) < 256 ? char : "?")).join("");
  return `(${latin1.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

function pageStream(lines: readonly string[]): string {
  const body = lines.map((line, index) => `${index === 0 ? "" : "T* "}${pdfString(line)} Tj`).join("\n");
  return `BT /F1 10 Tf 13 TL 50 790 Td\n${body}\nET`;
}

/** The PDF document's bytes for paragraphs of text. */
export function textPdf(paragraphs: readonly string[]): Buffer {
  const lines = paragraphs.flatMap(wrap);
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += LINES_PER_PAGE) pages.push(lines.slice(i, i + LINES_PER_PAGE));
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  pages.forEach((page, index) => {
    const stream = pageStream(page);
    objects[pageIds[index]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`;
    objects[pageIds[index]! + 1] = `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`;
  });
  let output = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(output, "latin1");
    output += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(output, "latin1");
  output += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) output += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  output += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(output, "latin1");
}
