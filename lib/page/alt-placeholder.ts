// Alt texts that stand in for a description without being one: a CMS default ("Image", "Slug",
// "Platzhalter"), a number ("Image 1", "Foto 3", "#2"), or one alt repeated over many different pictures.
// Pure string rules (no DOM), run in the page by alt-texts.ts and in Node tests; file names and slugs
// are caption-text.ts's isFileName.

/** Why an alt text is a placeholder: a generic word, a numbered generic word (or a bare number), or the same alt on many images. */
export type PlaceholderReason = 'generic' | 'numbered' | 'repeated';

/**
 * Words a CMS or an author leaves where the description should be, in the UI languages Caption Check
 * speaks and a few more: lower case, one entry per word or phrase (matched whole, after tidying).
 */
const GENERIC = new Set([
  // en
  'image', 'images', 'img', 'photo', 'photos', 'photograph', 'picture', 'pic', 'pict', 'graphic', 'illustration', 'slug',
  'placeholder', 'untitled', 'thumbnail', 'thumb', 'banner', 'default', 'alt', 'alt text', 'alttext', 'text', 'null',
  'undefined', 'none', 'n/a', 'na', 'unknown', 'spacer', 'blank', 'test', 'description', 'image description',
  'no description', 'caption', 'insert alt text', 'alt tag', 'featured image', 'hero image', 'main image',
  'header image', 'cover image', 'article image', 'post image', 'stock photo', 'stock image', 'file', 'media',
  // de
  'bild', 'bilder', 'foto', 'fotos', 'abbildung', 'grafik', 'symbolbild', 'platzhalter', 'vorschaubild', 'titelbild',
  'unbenannt', 'beispielbild', 'bildbeschreibung', 'artikelbild', 'aufmacherbild', 'beitragsbild',
  // fr
  'visuel', 'vignette', 'sans titre', 'espace réservé', 'légende', 'photographie', 'image à la une',
  // es
  'imagen', 'fotografía', 'ilustración', 'gráfico', 'sin título', 'marcador de posición', 'miniatura',
  'descripción de la imagen', 'imagen destacada',
  // it
  'immagine', 'fotografia', 'illustrazione', 'senza titolo', 'segnaposto', 'anteprima', 'immagine in evidenza',
  // pt
  'imagem', 'ilustração', 'sem título', 'espaço reservado', 'imagem destacada',
  // ar
  'صورة', 'صوره', 'رسم', 'رسم توضيحي', 'بدون عنوان', 'عنصر نائب',
  // hi
  'चित्र', 'छवि', 'फोटो', 'फ़ोटो', 'तस्वीर', 'फोटो गैलरी',
  // uk (and ru, the same words often left in)
  'зображення', 'фото', 'світлина', 'малюнок', 'картинка', 'без назви', 'заповнювач', 'изображение', 'рисунок',
  // ja, zh
  '画像', '写真', 'イメージ', '图片', '图像', '照片',
]);

/**
 * A sentence a tool writes where no description was given, in its shipped wording or that shape: nbconvert's "No
 * description has been provided for this image", "No alt text provided", "No description available", "Keine
 * Beschreibung verfügbar", "Aucune description disponible", "Sin descripción". Matched on the tidied alt.
 */
const NO_DESCRIPTION =
  /^(?:no|without|missing)\s+(?:image\s+)?(?:description|alt(?:ernative)?[\s-]?text|alt|caption)(?:\s+(?:has\s+been|have\s+been|is|was))?(?:\s+(?:provided|available|given|set|added|entered|specified))?(?:\s+(?:for|of)\s+(?:this|the)\s+(?:image|picture|photo|figure|plot|output))?$|^(?:keine|ohne)\s+(?:bild)?beschreibung(?:\s+(?:verfügbar|vorhanden|angegeben))?$|^(?:aucune|pas de|sans)\s+description(?:\s+disponible)?$|^(?:sin|ninguna)\s+descripción(?:\s+disponible)?$|^(?:nessuna|senza)\s+descrizione(?:\s+disponibile)?$|^(?:sem|nenhuma)\s+descrição(?:\s+disponível)?$/u;

/** Lower case, no surrounding brackets, quotes or end punctuation, spaces collapsed. */
function tidy(alt: string): string {
  return alt
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[[("'“«]+|[\])"'”».:!]+$/g, '')
    .trim();
}

/** Numbering: "1", "#2", "01", "1/6", "(3)", "no. 4", "nr. 5", "№ 6". */
const NUMBER = /^(?:#|no\.?|nr\.?|№|n°|num\.?)?\s*\(?\d{1,4}\)?(?:\s*(?:\/|of|von|de|di|из|з)\s*\d{1,4})?$/u;

/** Why `alt` says nothing about its picture, or null when it may: a generic word, or such a word numbered. */
export function placeholderReason(alt: string): Exclude<PlaceholderReason, 'repeated'> | null {
  const text = tidy(alt);
  if (!text) return null;
  if (GENERIC.has(text) || NO_DESCRIPTION.test(text)) return 'generic';
  if (NUMBER.test(text)) return 'numbered';
  // "Image 1", "Foto #3", "photo-02", "Bild (4)": a generic word and a number, either order.
  const numbered = /^(.+?)[\s_-]*(?:#|no\.?\s*|nr\.?\s*)?\(?\d{1,4}\)?$/u.exec(text) ?? /^\(?\d{1,4}\)?[\s_.-]+(.+)$/u.exec(text);
  if (numbered && GENERIC.has(numbered[1]!.trim())) return 'numbered';
  // "owner/model-name cover image", "my_repo thumbnail": a generic word after an identifier (a slug, a repository's
  // path, a handle) names what the picture stands for, not what it shows.
  const named = /^@?([\p{L}\p{N}]+(?:[/_.-][\p{L}\p{N}]+)+)\s+(.+)$/u.exec(text);
  // A word with one hyphen ("e-bike photo") is a word, not an identifier.
  if (named && GENERIC.has(named[2]!) && (/[/_]/.test(named[1]!) || (named[1]!.match(/[.-]/g) ?? []).length >= 2)) return 'generic';
  return null;
}

/**
 * The name a phone, camera or computer gives a picture, with spaces and a date, left as the alt text:
 * "Screenshot 2021-03-04 at 10.22.11", "Screen Shot 2020-01-02 …", "WhatsApp Image 2021-05-06 at …",
 * "Bildschirmfoto 2021-…", "Capture d’écran 2021-…", "Captura de pantalla 2021-…", "Schermata 2021-…",
 * "Знімок екрана 2021-…". (Names without spaces, IMG_1234.JPG or DSC01234, are caption-text.ts's isFileName.)
 */
const DEVICE_NAME =
  /^(?:screen ?shot|screenshot|bildschirmfoto|capture d['’]écran|captura de pantalla|captura de tela|schermata|знімок екрана|снимок экрана|whatsapp image|imagen de whatsapp|imagem do whatsapp|photo de whatsapp|foto di whatsapp|whatsapp bild|photo|img|image|pxl|dsc|dcim)[\s_-]+\d{4}[-_.]?\d{2}[-_.]?\d{2}\b/iu;

/** Whether `alt` is a device's name for the picture (a screenshot's or messenger's name with its date). */
export const isDeviceFileName = (alt: string): boolean => DEVICE_NAME.test(alt.trim());

/** The same alt on this many different pictures is no description of any one of them. */
export const REPEATED_MIN = 3;

/**
 * The alts (tidied) that appear on at least REPEATED_MIN different image URLs of the page: each such
 * image's alt is a placeholder too, however descriptive it reads.
 */
export function repeatedAlts(images: readonly { alt: string; imageUrl: string }[]): Set<string> {
  const urls = new Map<string, Set<string>>();
  for (const { alt, imageUrl } of images) {
    const key = tidy(alt);
    if (!key) continue;
    const seen = urls.get(key) ?? new Set<string>();
    seen.add(imageUrl);
    urls.set(key, seen);
  }
  return new Set([...urls].filter(([, seen]) => seen.size >= REPEATED_MIN).map(([key]) => key));
}

/** Whether `alt` is one of the page's repeated alts (as repeatedAlts found them). */
export const isRepeated = (alt: string, repeated: ReadonlySet<string>): boolean => repeated.has(tidy(alt));
