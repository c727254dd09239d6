// Photographer credits, agency names and licence lines travel with captions on real pages. They say who
// made the picture, not what it shows: they must never become claims, but a fact-checker wants to see them.
import { collapse } from './caption-text';

/** A caption with its credit set apart. */
export interface SplitCaption {
  /** What the page says the picture shows; empty when the text was only a credit. */
  text: string;
  /** Who made or owns the picture ("Photo: …", "© …", "… /Reuters"); empty when there was none. */
  credit: string;
}

/** Class names sites give the credit inside a caption. */
export const CREDIT_CLASS = /credit|copyright|byline|photographer|source|courtesy|rights|fotograf|autor|quelle|cb-credit/i;

/** Words that open a credit, in the languages of the pages we read. */
const LEAD =
  "(?:(?:image|photo|picture|video|graphic|illustration|map|chart|screenshot|top|header|lead|feature[d]?|cover)\\s+)?(?:credits?|courtesy(?:\\s+of)?|photos?(?:\\s+by)?|photographs?(?:\\s+by)?|pictures?(?:\\s+by)?|images?(?:\\s+by|\\s+via|\\s+source)?|source|sources|via|fotos?|fotografie|bild(?:er)?(?:\\s+via)?|quelle|bildquelle|cr[ée]dits?(?:\\s+photo)?|fuente|crédito|imagen|foto(?:grafía)?|copyright|illustration(?:\\s+by)?|graphic(?:\\s+by)?|screenshot(?:\\s+by)?|shot\\s+by|taken\\s+by|licen[cs]e[d]?(?:\\s+under)?)";
const LEAD_LINE = new RegExp(`^[•·|\\-–—(\\s]*(?:all\\s+|alle\\s+|toutes\\s+les\\s+)?${LEAD}\\s*[:：]\\s*\\S`, 'i');
const BY_LINE = /^[•·|\-–—(\s]*(?:photo|photos|image|picture|illustration|photograph|video|graphic|map|rendering)s?\s+(?:by|via|courtesy of|from)\s+\S/i;
/** "Courtesy of the artist", "Courtesy Jane Doe": a credit without a colon, when it is all the line says. */
const COURTESY = /^[•·|\-–—(\s]*(?:(?:[Pp]hoto|[Ii]mage|[Pp]icture|[Vv]ideo)s?\s+)?[Cc]ourtesy(?:\s+of\s+|\s+(?=\p{Lu}))[^.!?]{2,80}$/u;
/** "(Tahir Della)", "(Ellen M. Banner)": two to four capitalised names, nothing else, in a caption's closing parentheses. */
const NAME_ONLY = /^[\p{Lu}][\p{L}'’-]*\.?(?:\s[\p{Lu}][\p{L}'’-]*\.?){1,3}$/u;
const LICENCE = /\b(?:CC[- ]BY(?:[- ](?:SA|ND|NC))*(?:[- ]\d\.\d)?|CC0|public domain|creative commons|all rights reserved|gemeinfrei|lizenz)\b/i;
const AGENCY =
  /\b(?:getty(?:\s+images)?|reuters|afp|ap(?:\s+photo)?|associated press|dpa|epa|apa|picture[- ]alliance|shutterstock|alamy|istock(?:photo)?|imago|keystone|xinhua|efe|ansa|anadolu|bloomberg|sipa|corbis|unsplash|pexels|pixabay|wikimedia(?:\s+commons)?|flickr|nasa|handout|pool|ロイター|共同|時事)\b/i;

/** "Foto dell'autrice", "Photo de l'auteur", "Foto del autor", "Foto der Autorin", "Photo by the author": taken by who wrote the page. */
const BY_AUTHOR =
  /^(?:foto(?:grafia|grafía)?|photo(?:graphie|graph)?|bild|imagen|imagem|immagine)s?\s+(?:dell['’]|della\s|del\s|de\s+la\s|de\s+l['’]|do\s|da\s|des\s|der\s|by\s+the\s|of\s+the\s)\s*(?:autor[ea]?|autrice|auteure?|autor(?:in|s)?|author)\.?$/iu;
/** "Foto di Marco Rinaldi su Unsplash", "Photo de Léa Martin sur Pexels", "Bild von Jan Ott auf Pixabay": a stock site's by-line. */
const ON_PICTURE_SITE =
  /^(?:foto(?:grafia|grafía)?|photo|bild|imagen|imagem|immagine)s?\s+(?:di|de|da|von|by|par|del)\s+[^.!?]{2,60}?\s+(?:su|sur|on|en|auf|em|no|via|from|bei)\s+(?:unsplash|pexels|pixabay|flickr|wikimedia(?:\s+commons)?|getty\s+images|shutterstock|istock|adobe\s+stock)\.?$/iu;

/** \b does not work next to kana: Japanese agency names are matched whole. */
const JAPANESE_AGENCY = /^(?:ロイター|共同|時事|AFP時事|AP|EPA時事|読売新聞|撮影[^＝]*)$/;

/** Whole text that is only a credit: "Photo: Jane Doe", "© Jane Doe / dpa", "Getty Images", "(Image credit: X)". */
export function isCredit(text: string): boolean {
  const t = collapse(text);
  if (!t) return false;
  if (/^[(\[]?\s*[©Ⓒ]/.test(t) || /^\(?\s*\(c\)\s/i.test(t)) return true;
  if (LEAD_LINE.test(t) || BY_LINE.test(t) || (COURTESY.test(t) && t.split(' ').length <= 10)) return true;
  if (BY_AUTHOR.test(t) || ON_PICTURE_SITE.test(t)) return true;
  if (LICENCE.test(t) && t.split(' ').length <= 6) return true;
  // "Devindra Hardawar/AOL", "Robbing Peter/Flickr": a name, a slash, an outlet.
  if (/^[\p{Lu}][\p{L}.'-]+(?:\s[\p{Lu}][\p{L}.'-]+){0,3}\s?\/\s?[\p{Lu}][\p{L}&.' -]{1,40}$/u.test(t)) return true;
  // A short run of names ending in an agency: "Anthony Wallace / AFP - Getty Images", "ASSOCIATED PRESS".
  if (t.split(' ').length <= 8 && AGENCY.test(t) && !/[.!?]\s*\S/.test(t.replace(/\b[A-Z]\./g, ''))) return /[/|]|^[^a-z]*$|\b(?:getty|images|photo|press)\b/i.test(t) || t.split(' ').length <= 3;
  return false;
}

/** A trailing "(…)" that names a photographer or agency: "(Ellen M. Banner / The Seattle Times)", "(Photo: X/AFP)". */
function trailingParenCredit(line: string): [string, string] | null {
  const match = /\s*[(（]([^()（）]{2,160})[)）]\s*\.?\s*$/.exec(line);
  if (!match) return null;
  const inner = match[1] ?? '';
  // A bare name closes a caption only as its credit ("… reads Maji-Maji-Allee (Tahir Della)"): what the picture shows
  // was said before it. Not when the parentheses are all there is, nor inside a sentence that goes on.
  const name = NAME_ONLY.test(inner.trim()) && match.index > 20;
  const credit = isCredit(inner) || name || /^\s*[^.!?]{2,80}\s\/\s?[^.!?]{2,60}$/.test(inner) || (AGENCY.test(inner) && inner.split(' ').length <= 8);
  return credit ? [line.slice(0, match.index).trim(), inner.trim()] : null;
}

/** "… phenomenon. Credit: Jane Doe", "… gelesen. Foto: X", "…, 2019 • Crédits : Getty", "…＝ロイター", "…/Reuters". */
function trailingCredit(line: string): [string, string] | null {
  const lead = new RegExp(
    `(?:^|[.!?…"”»)]\\s*|\\s[•·|–—-]\\s*|\\s{2,}|\\s(?=[©Ⓒ]))(${LEAD}\\s*[:：]\\s*.+|[©Ⓒ].+|(?:photo|image|picture|photograph|illustration|video)s?\\s+(?:by|courtesy of)\\s+.+|courtesy of\\s+[^.!?]{2,80})$`,
    'i',
  );
  const found = lead.exec(line);
  if (found?.[1] && found.index > 0) return [line.slice(0, found.index + found[0].length - found[1].length).replace(/[\s•·|–—-]+$/, '').trim(), found[1].trim()];
  // "…, Serkan Cura, Bild via" (the source is the link on "via"), "…; photo by Jane Doe": a credit after a comma.
  const afterComma = /[,;]\s*((?:bild|foto|photo|image|picture)s?\s+(?:via|by|von|from)\b[^,;.!?]{0,60})$/i.exec(line);
  if (afterComma?.[1]) return [line.slice(0, afterComma.index).trim(), afterComma[1].trim()];
  const japanese = /\s*[＝=]\s*([^＝=]{1,30})$/.exec(line);
  if (japanese?.[1] && (AGENCY.test(japanese[1]) || JAPANESE_AGENCY.test(japanese[1]))) return [line.slice(0, japanese.index).trim(), japanese[1].trim()];
  const slashAgency = /\s*[/|]\s*((?:[\p{Lu}][\p{L}.'-]*\s?){0,4}(?:\/\s*)?[^/|.!?]{0,40})$/u.exec(line);
  if (slashAgency?.[1] && slashAgency.index > 0 && AGENCY.test(slashAgency[1])) {
    // "… in Berlin. Jane Doe/Reuters": the names before the slash belong to the credit too.
    const before = line.slice(0, slashAgency.index);
    const sentenceEnd = Math.max(before.lastIndexOf('. '), before.lastIndexOf('! '), before.lastIndexOf('? '));
    if (sentenceEnd > 0) return [before.slice(0, sentenceEnd + 1).trim(), line.slice(sentenceEnd + 2).trim()];
  }
  const agencyTail = /[.!?]\s+((?:[\p{Lu}][\p{L}.'-]*\s?){1,5}(?:[/|,-]\s*)?(?:getty images|reuters|afp|ap photo|associated press|dpa|epa|shutterstock)(?:\s*\([^)]*\))?)\s*$/iu.exec(line);
  if (agencyTail?.[1]) return [line.slice(0, agencyTail.index + 1).trim(), agencyTail[1].trim()];
  return null;
}

/** A leading credit: "© Iona Dutz / Greenpeace Auf dem Bild …" is split at the credit's end when it is marked. */
function leadingCredit(line: string): [string, string] | null {
  const match = /^([©Ⓒ][^.!?]{2,80}?\/\s*[\p{Lu}][\p{L}-]+(?:\s[\p{Lu}][\p{L}-]+)?)\s+(\p{Lu}.{8,})$/u.exec(line);
  return match?.[1] && match[2] ? [match[2].trim(), match[1].trim()] : null;
}

/**
 * Splits caption lines (rendered blocks; a credit element is its own line) into what the picture shows
 * and who made it. Whole credit lines go to `credit`; a credit at a line's end or start is cut off it.
 * `marked` holds the text of elements the page itself marks as a credit (class "credit", "copyright"…):
 * such a line is a credit whatever it says ("(SDSU Athletics)", "Moa Karlberg/imagebank.sweden.se").
 */
export function splitCredit(lines: string[], marked: ReadonlySet<string> = new Set()): SplitCaption {
  const text: string[] = [];
  const credit: string[] = [];
  for (const raw of lines) {
    let line = collapse(raw);
    if (!line) continue;
    if (marked.has(line) || isCredit(line)) {
      credit.push(line);
      continue;
    }
    for (const cut of [leadingCredit, trailingParenCredit, trailingCredit, trailingParenCredit]) {
      const parts = cut(line);
      if (!parts) continue;
      const [rest, found] = parts;
      if (cut === leadingCredit) credit.unshift(found);
      else credit.push(found);
      line = rest;
    }
    if (line) text.push(line);
  }
  const clean = (s: string) => collapse(s.replace(/^[•·|\s]+/, '').replace(/^\((.*)\)$/, '$1'));
  // A credit the page prints twice (inline and under the box) is shown once.
  return { text: collapse(text.join(' ')), credit: collapse([...new Set(credit.map(clean).filter(Boolean))].join(' · ')) };
}

/** How far past a selected caption's cap its credit line is looked for. */
export const SELECTED_CREDIT_CHARS = 500;

/**
 * A selected caption with its credit set apart as the chooser's captions have it ("… (Jane Doe / AP)" → credit
 * "Jane Doe / AP"), read by the selection's own lines; a selection that is only a credit stays the caption.
 */
export function selectedCaption(raw: string, maxChars: number): { text: string; credit: string } {
  // A selection can be a whole page: read no further than a caption at its cap and a credit line after it.
  return creditApart(raw.slice(0, maxChars + SELECTED_CREDIT_CHARS), collapse(raw), maxChars);
}

/**
 * selectedCaption from its two parts: the selection's first `maxChars + SELECTED_CREDIT_CHARS` characters as
 * selected (its lines), and the whole selection with its whitespace collapsed (what stays when it is only a credit).
 */
export function creditApart(head: string, collapsed: string, maxChars: number): { text: string; credit: string } {
  const split = splitCredit(head.split('\n'));
  const text = split.text || collapsed;
  return { text: text.slice(0, maxChars), credit: split.text ? split.credit : '' };
}
