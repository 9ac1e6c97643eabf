/** A short description from the manifest's: whole words within 45 characters, or nothing. */
export function shortDescriptionFrom(description: string, max = 45): string {
  const text = description.trim().replace(/\s+/g, ' ');
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const end = cut.lastIndexOf(' ');
  return end > 0 ? cut.slice(0, end).replace(/[\s,;:.\-–—]+$/, '') : '';
}
