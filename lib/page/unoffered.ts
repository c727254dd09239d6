// Text a page shows near a picture that speaks about the interface or to the model, never about the picture: the
// inside of a folded panel (a model's thoughts, a workflow's steps), a field's help text, a notice to the user, the
// system instructions given to the model, the draft around a picture in a rich-text editor. Never offered as nearby
// text. Pure DOM reads.
import { words } from './caption-text';
import { ROLE_ATTRIBUTES } from './turn-roles';
import { isNotice } from './live-output';
import { isReasoning } from './output-trim';

/** Form fields whose help text (`aria-describedby`) tells the user what to write. */
const FIELD = 'input, textarea, select, [role="textbox"], [contenteditable="true"]';
/** How far up a block its help text's, notice's or system instructions' box may sit. */
const BOX_LEVELS = 6;
/** Class or element words that, beside "system", name the instructions a model is given ("system-instructions", "system_prompt"). */
const INSTRUCTION_WORDS = new Set(['instruction', 'instructions', 'prompt', 'message', 'msg', 'turn']);

/** The element declares the system side of a conversation: a role attribute "system", `<ms-system-instructions>`, class "system-prompt". */
function declaresSystem(element: Element): boolean {
  if (ROLE_ATTRIBUTES.some((name) => words(element.getAttribute(name) ?? '').includes('system'))) return true;
  const tag = element.tagName.toLowerCase();
  if (tag.includes('-') && words(tag).includes('system')) return true;
  const classWords = words(element.getAttribute('class') ?? '');
  return classWords.includes('system') && classWords.some((w) => INSTRUCTION_WORDS.has(w));
}

/** A field's help text: the block, or a box around it, is what a form field's `aria-describedby` points at. */
function isFieldHelp(element: Element): boolean {
  const id = element.id;
  if (!id) return false;
  return Array.from(document.querySelectorAll(FIELD)).some((field) => (field.getAttribute('aria-describedby') ?? '').split(/\s+/).includes(id));
}

/** A document being written in a rich-text editor. */
const EDITABLE = '[contenteditable]:not([contenteditable="false"])';

/** Nearby text that is never the picture's caption, however close it stands. */
export function neverNearby(block: Element, image: Element): boolean {
  // A picture in a document being written: the prose around it in that document is the draft, not words about the picture.
  if (block.closest(EDITABLE)?.contains(image)) return true;
  // The inside of a folded <details> is not shown; its summary is a toggle's label.
  const fold = block.closest('details');
  if (fold instanceof HTMLDetailsElement && !fold.open && !block.closest('summary')) return true;
  for (let box: Element | null = block, level = 0; box && box !== document.body && level < BOX_LEVELS; box = box.parentElement, level++)
    // The reasoning a model shows by its answer, folded or open ("Thinking", "Thought for 12 seconds"), is no caption either.
    if (declaresSystem(box) || isReasoning(box) || (level < 2 && (isFieldHelp(box) || isNotice(box)))) return true;
  return false;
}
