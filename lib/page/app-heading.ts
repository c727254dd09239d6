// A labelling tool or an app puts an instruction over the caption it shows ("Vérifiez la légende proposée et
// corrigez-la", "Write a caption for the image"): a heading that names the caption, in the picture's own app box,
// labels the text under it as an output label does. Pure DOM reads.
import { collapse } from './caption-text';

/** Words that name a caption or alt text inside a longer heading ("Vérifiez la légende proposée", "Write a caption for the image"). */
const CAPTION_WORD =
  /(?<![\p{L}\p{N}])(?:captions?|légendes?|leyendas?|didascali[ae]|legendas?|bildunterschrift(?:en)?|bijschrift(?:en)?|bildtext(?:er)?|подпис[ьи]|alt[- ]texts?|texte alternatif|texto alternativo|testo alternativo|image descriptions?|bildbeschreibung(?:en)?)(?![\p{L}\p{N}])|キャプション|캡션|图片描述|圖片描述|图片说明/iu;
/** Longest heading read for the caption it names. */
const HEADING_WORDS = 12;

/** A heading of a few words that names the picture's caption: in an app, the text under it is that caption. */
export const headingNamesCaption = (text: string) => collapse(text).split(' ').length <= HEADING_WORDS && CAPTION_WORD.test(collapse(text));

const classWords = (el: Element) => (el.getAttribute('class') ?? '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z]+/);

/** A heading naming the caption, in the picture's app box: the smallest box holding both has no other picture and has controls. */
export function namesCaptionInApp(heading: Element, text: string, image: Element): boolean {
  if (!/^H[1-6]$/.test(heading.tagName) && heading.getAttribute('role') !== 'heading' && !classWords(heading).some((w) => /^(?:header|heading|title|label)$/.test(w))) return false;
  let box = image.parentElement;
  while (box && !box.contains(heading)) box = box.parentElement;
  return !!box && headingNamesCaption(text) && box.querySelectorAll('img').length === 1 && !!box.querySelector('textarea, input, button, select');
}

