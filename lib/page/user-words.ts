// The user's own words to a model, recognised by where they stand rather than by a list of request verbs, so a
// request in any language is set aside: what a prompt box holds (a textarea, a contenteditable composer, a field
// labelled Prompt / Question), the value printed after a prompt label, the prompt string of an API code sample,
// and the text of the turn the picture was sent in. Pure DOM reads.
import { collapse, renderedLines, wordCount } from './caption-text';
import { PROMPT_LABEL } from './requests';
import { isOutputLabel, namesAltText, spelledOut } from './ui-labels';

/** A box's label: its own words without the box's text inside it ("<label>Output<textarea>…</textarea></label>"), and its first words before any badge set in it. */
function labelsOf(box: HTMLElement): { label: string; head: string } {
  const labelElement = (box as HTMLTextAreaElement).labels?.[0];
  const label = collapse(labelElement ? (labelElement.textContent ?? '').replace(box.textContent ?? '', '') : (box.getAttribute('aria-label') ?? box.getAttribute('placeholder') ?? ''));
  // "Description <span>Azerbaijani (az)</span> <span>✦ AI generated</span>": the words before the first element.
  const nodes = Array.from(labelElement?.childNodes ?? []);
  const head = collapse(nodes.slice(0, ((at) => (at < 0 ? nodes.length : at))(nodes.findIndex((n) => n.nodeType !== Node.TEXT_NODE))).map((n) => n.textContent).join(''));
  return { label, head };
}

/** A text box labelled as what describes the picture or as an output ("Alt", "Description ✦ AI generated", "Légende"), not as a prompt. */
export function namesDescriptionBox(box: HTMLElement): boolean {
  const { label, head } = labelsOf(box);
  const names = (text: string) => !!text && !PROMPT_LABEL.test(text) && (namesAltText(text) || isOutputLabel(text));
  // Or the field's own name, as its program writes it, says it holds the alt text ("alt", "alternativeText", "data[alt_text]"), whatever the label's language.
  const field = (box.getAttribute('name') ?? '').split(/[.[\]]+/).filter(Boolean).at(-1) ?? '';
  return names(label) || names(head) || (/^[\w-]+$/.test(field) && namesAltText(spelledOut(field)));
}

/** A box the user types into (a prompt), or one labelled as a prompt: never what the model wrote. A picture's alt text box is its description. */
export function isPromptBox(box: HTMLElement): boolean {
  const editable = (box instanceof HTMLTextAreaElement || box instanceof HTMLInputElement) && !box.readOnly && !box.disabled;
  const { label } = labelsOf(box);
  return !namesAltText(label) && !namesDescriptionBox(box) && (PROMPT_LABEL.test(label) || (editable && !isOutputLabel(label)));
}

/** Text boxes a person types in: text fields and text areas, a contenteditable composer, an ARIA text box. */
const TYPED = 'textarea, input:not([type]), input[type="text"], input[type="search"], [contenteditable="true"], [contenteditable=""], [role="textbox"]';
/** Longest label read as a prompt field's ("Prompt", "Question:", "string prompt *"). */
const LABEL_CHARS = 30;
/** A string given to a model by name in code: `"prompt": "…"`, `question="…"` (an API sample's request). */
const CODE_PROMPT = /["']?\b(?:prompt|user_prompt|text_prompt|question|query|instructions?)["']?\s*[:=]\s*f?["']([^"'\n]{8,400})["']/giu;
/** A field label that names the prompt alone, with a type word before it ("string prompt *", "Question:", "Frage"). */
const PROMPT_FIELD =
  /^(?:(?:string|str|text|your)\s+)?(?:prompt|question|instructions?|query|frage|anweisung|eingabeaufforderung|consigne|pregunta|instrucción|domanda|istruzione|pergunta|instrução|запит|питання|вопрос|السؤال|प्रश्न|プロンプト|質問|提示词|问题|질문|프롬프트)\s*[:：*]?$/iu;
/** Most elements read for prompt labels. */
const MOST_LABELS = 4_000;

/** What the box holds: a field's value, else its text. */
const typedText = (box: Element) => collapse(box instanceof HTMLTextAreaElement || box instanceof HTMLInputElement ? box.value : box.textContent);

/**
 * Everything on the page that is the user's words to a model by where it stands: the value of each prompt box, the value
 * shown after a short prompt label (a prediction page's "prompt" field printed as text), and each prompt string of a
 * code sample. Collapsed, two words or more.
 */
export function promptTexts(): Set<string> {
  const texts = new Set<string>();
  const add = (text: string) => wordCount(text) >= 2 && texts.add(collapse(text));
  for (const box of Array.from(document.querySelectorAll<HTMLElement>(TYPED))) {
    const contentEditable = !(box instanceof HTMLTextAreaElement || box instanceof HTMLInputElement);
    // A composer (contenteditable, an ARIA text box) is typed in unless it is labelled as an output or an alt text.
    const label = collapse(box.getAttribute('aria-label') ?? box.getAttribute('placeholder') ?? '');
    if (contentEditable ? box.getAttribute('aria-readonly') !== 'true' && !isOutputLabel(label) && !namesAltText(label) : isPromptBox(box)) add(typedText(box));
  }
  // A value shown after its prompt label: "<dt>prompt</dt><dd>…</dd>", "<h3>Question</h3><p>…</p>".
  for (const label of Array.from(document.querySelectorAll('label, dt, th, h2, h3, h4, h5, h6, strong, b, span, div')).slice(0, MOST_LABELS)) {
    if (label.childElementCount > 3) continue;
    const own = collapse(label.textContent);
    if (!own || own.length > LABEL_CHARS || !PROMPT_FIELD.test(own)) continue;
    const value = label.nextElementSibling;
    if (value && !value.matches(TYPED) && value.childElementCount <= 3) add(collapse(value.textContent));
  }
  for (const code of Array.from(document.querySelectorAll('code, pre')))
    for (const match of (code.textContent ?? '').matchAll(CODE_PROMPT)) add(match[1]!.replace(/\\n/g, ' '));
  return texts;
}

/** Shortest piece of a user's turn set aside because it stands in one (a lone word may be anyone's). */
const PIECE_WORDS = 2;
/** Longest user's turn whose pieces are set aside: longer is likely a misread container, not a turn. */
const TURN_CHARS = 1_500;

/**
 * The text is the user's own: one of their prompts or turns, or a piece of one (the request under its "You · turn 1"
 * line, the turn's text read as a paragraph), or one of them with a line of the interface before it.
 */
export function fromUserTurn(text: string, userTexts: Iterable<string>): boolean {
  if (wordCount(text) < PIECE_WORDS) return false;
  // Compared without spaces: a turn read as textContent runs its lines together ("Tu · turno 1Cosa c'è …").
  const t = spaceless(text);
  for (const turn of userTexts) {
    const u = spaceless(turn);
    if (!u || u.length > TURN_CHARS) continue;
    if (u.includes(t)) return true;
    // The turn with a name or time line around it ("Tu · turno 1 Cosa c'è …"): little more than the turn.
    if (wordCount(turn) >= 3 && t.includes(u) && t.length <= u.length + 40) return true;
  }
  return false;
}

const spaceless = (text: string) => collapse(text).replace(/\s+/g, '');

/** Class words of a box a picture is dropped or chosen in ("widget-image-drop", "dropzone", "file-upload"). */
const DROP_CLASS = /(?:^|[\s_-])(?:drop|dropzone|drop-?area|upload|uploader|file-?input|file-?picker)(?:$|[\s_-])/i;
/** How far up the picture its upload control may sit. */
const CONTROL_LEVELS = 4;
/** Longest line of an upload control read as its instructions ("Drop image here · or click to browse"). */
const HINT_CHARS = 100;

/**
 * The words of the control the picture sits in when it was dropped or chosen there (a drop zone, a file picker, a
 * button or label around its preview): its name and its short lines ("Drop image here", "이미지를 끌어다 놓거나 클릭해서
 * 고르세요") tell the user what to do, not what the picture shows.
 */
export function uploadControlTexts(image: Element): Set<string> {
  const texts = new Set<string>();
  for (let box = image.parentElement, level = 0; box && box !== document.body && level < CONTROL_LEVELS; box = box.parentElement, level++) {
    if (Array.from(box.querySelectorAll('img')).some((img) => img !== image)) break;
    const control =
      box.matches('button, [role="button"], label') || DROP_CLASS.test(box.getAttribute('class') ?? '') || !!box.querySelector(':scope > input[type="file"]');
    if (!control) continue;
    // A gallery's thumbnails are buttons too, side by side with others alike: a picture shown among them is no upload.
    if (Array.from(box.parentElement?.children ?? []).some((el) => el !== box && el.tagName === box.tagName && el.querySelector('img'))) break;
    for (const name of [box.getAttribute('aria-label'), box.getAttribute('title')]) if (collapse(name)) texts.add(collapse(name));
    for (const line of renderedLines(box)) if (collapse(line).length <= HINT_CHARS) texts.add(collapse(line));
  }
  return texts;
}
