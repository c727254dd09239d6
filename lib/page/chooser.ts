// The in-page caption chooser: a small dialog anchored to the image, in a closed shadow root on a plain
// element (shadow-host.ts) so the page's CSS and scripts cannot reach into it. Built with DOM APIs and
// textContent only. Only the user's own keys and clicks act on it: a page can forge events, not isTrusted.
import { formatNumber, t, uiDir } from '../i18n';
import { sourceLabel, type CaptionCandidate } from './caption-candidates';
import { follow, isRtl, placeBeside, viewportSize } from './place';
import { createShadowHost, trusted } from './shadow-host';
import { creditText } from '../check/credit-apart';
import { focusImage } from './tab-spot';

/** One answer of a pair the page names ("Model B"), for "Check both". */
export interface NamedCaption {
  caption: string;
  label: string;
  credit: string;
}

/**
 * What the user decided: a caption to check (possibly edited) with the credit shown beside it, or nothing at all.
 * With "Check both", the first answer's name and the second answer come along.
 */
export type ChooserResult = { caption: string; credit: string; label?: string; second?: NamedCaption } | { cancelled: true };

/**
 * Two answers to the one picture that the page names (an arena's "Model A" and "Model B", two drafts, two models'
 * columns of a row): exactly two named candidates of one kind; null otherwise (three columns: the user picks one).
 */
export function answerPair(candidates: readonly CaptionCandidate[]): [CaptionCandidate, CaptionCandidate] | null {
  for (const source of ['answer', 'cell'] as const) {
    const named = candidates.filter((c) => c.source === source && c.label);
    if (named.length === 2) return [named[0]!, named[1]!];
  }
  return null;
}

const STYLE = `
:host { all: initial !important; position: fixed !important; top: 0 !important; left: 0 !important; width: 0 !important;
  height: 0 !important; overflow: visible !important; z-index: 2147483647 !important; display: block !important; }
.panel { position: fixed; direction: ltr; unicode-bidi: isolate; box-sizing: border-box; max-height: calc(100vh - 16px); overflow: auto; width: 380px; max-width: calc(100vw - 16px); padding: 12px; border-radius: 8px;
  background: #fff; color: #1f1f1f; border: 1px solid #c4c7c5; box-shadow: 0 4px 16px rgba(0,0,0,.25);
  font: 13px/1.4 system-ui, sans-serif; text-align: left; }
.panel[dir="rtl"] { direction: rtl; text-align: right; }
.title { margin: 0 0 6px; font-weight: 600; font-size: 14px; }
textarea { box-sizing: border-box; width: 100%; min-height: 72px; max-height: 180px; resize: vertical; font: inherit;
  padding: 6px; border: 1px solid #747775; border-radius: 4px; color: inherit; background: #fff; }
.notice { margin: 4px 0 0; color: #8c1d18; min-height: 0; }
.notice:empty { display: none; }
.credit { margin: 4px 0 0; color: #444746; font-size: 12px; }
.credit:empty { display: none; }
.candidates { display: flex; flex-direction: column; gap: 4px; margin: 8px 0; max-height: 160px; overflow: auto; }
.candidate { all: unset; box-sizing: border-box; display: flex; gap: 4px; padding: 4px 6px; border: 1px solid #dadce0; border-radius: 4px;
  cursor: pointer; white-space: nowrap; }
/* The text is cut at its own end (dir=auto): an English caption in an Arabic dialog keeps its start. */
.candidate .text { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; }
.candidate[aria-pressed="true"] { border-color: #0b57d0; background: #e8f0fe; }
.candidate:focus-visible, button:focus-visible, textarea:focus-visible { outline: 2px solid #0b57d0; outline-offset: 1px; }
.source { flex: none; font-weight: 600; }
.hint { margin: 4px 0 8px; color: #444746; }
.actions { display: flex; gap: 8px; justify-content: flex-end; }
.actions button { font: inherit; padding: 5px 12px; border-radius: 4px; border: 1px solid #747775; background: #fff; color: #1f1f1f; cursor: pointer; }
.actions .primary { background: #0b57d0; border-color: #0b57d0; color: #fff; }
`;

let closeOpen: (() => void) | null = null;

/** The line the chooser shows when nothing on the page reads as this image's caption. */
export const noCaptionHint = (): string => t('chooserNoCaption');

function make<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

function isEditable(element: Element | null): boolean {
  return !!element && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || (element as HTMLElement).isContentEditable);
}

/** Closes the open chooser as if the user cancelled it (the check was cancelled elsewhere); false when none is open. */
export function closeChooser(): boolean {
  if (!closeOpen) return false;
  closeOpen();
  return true;
}

/**
 * Shows the chooser by `anchor` and resolves when the user confirms a caption (Enter or "Check
 * claims") or cancels (Esc or "Cancel"). Nothing leaves the page before that. Opening a second
 * chooser cancels the first. `hint` replaces the line under the candidates.
 */
export function chooseCaption(anchor: Element, candidates: CaptionCandidate[], maxChars: number, hint?: string): Promise<ChooserResult> {
  closeOpen?.();
  return new Promise<ChooserResult>((resolve) => {
    const { host, root } = createShadowHost('chooser');
    const style = make('style', '', STYLE);
    const panel = make('div', 'panel');
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-label', t('chooserLabel'));
    // The dialog in the UI's language and its direction (right to left in Arabic).
    panel.dir = uiDir();
    const title = make('p', 'title', t('chooserTitle'));
    const textarea = make('textarea');
    textarea.maxLength = maxChars;
    textarea.spellcheck = false;
    textarea.setAttribute('aria-label', t('chooserTextarea'));
    // The page's captions keep their own direction (an Arabic caption in this English dialog reads right to left).
    textarea.dir = 'auto';
    const creditLine = make('p', 'credit');
    const notice = make('p', 'notice');
    notice.setAttribute('role', 'status');
    const list = make('div', 'candidates');
    list.setAttribute('role', 'group');
    list.setAttribute('aria-label', t('chooserCandidates'));
    const hintLine = make('p', 'hint', t('chooserHint'));
    const confirmButton = make('button', 'primary', t('chooserConfirm'));
    confirmButton.type = 'button';
    const cancelButton = make('button', '', t('cancel'));
    cancelButton.type = 'button';
    // Two named answers to this picture: both can be checked in one go, each as the page shows it.
    const pair = answerPair(candidates);
    const bothButton = pair ? make('button', '', t('chooserBoth')) : null;
    if (bothButton && pair) {
      bothButton.type = 'button';
      bothButton.title = t('chooserBothTitle', pair[0].label ?? '', pair[1].label ?? '');
    }
    const actions = make('div', 'actions');
    actions.append(confirmButton, ...(bothButton ? [bothButton] : []), cancelButton);

    const buttons: HTMLButtonElement[] = [];
    // The credit of the caption in the box: it goes with the check, shown beside the caption, never checked.
    let shownCredit = '';
    let filled = '';
    const fill = (text: string, truncated: boolean, credit = '') => {
      textarea.value = filled = text.slice(0, maxChars);
      // The credit is shown, never checked: it says who made the picture, not what it shows.
      shownCredit = credit;
      creditLine.textContent = credit ? t('resultCredit', creditText(credit)) : '';
      notice.textContent =
        truncated || text.length > maxChars ? t('chooserCut', formatNumber(maxChars)) : '';
    };
    const pick = (index: number) => {
      buttons.forEach((b, i) => b.setAttribute('aria-pressed', String(i === index)));
      const candidate = candidates[index];
      if (candidate) fill(candidate.text, candidate.truncated, candidate.credit);
    };
    candidates.forEach((candidate, index) => {
      const button = make('button', 'candidate');
      button.type = 'button';
      button.title = candidate.text.slice(0, 500);
      // Read as one phrase ("Alt text: …") from what it shows, so a speech user can say what they see.
      button.append(make('span', 'source', t('chooserSource', candidate.label || sourceLabel(candidate.source))), ' ', Object.assign(make('span', 'text', candidate.text), { dir: 'auto' }));
      button.setAttribute('aria-pressed', 'false');
      button.addEventListener(
        'click',
        trusted(() => {
          pick(index);
          textarea.focus();
        }),
      );
      buttons.push(button);
      list.append(button);
    });
    // Nothing is put forward without evidence: a neighbour's headline sent unasked is worse than an empty box.
    const preselect = candidates.length > 0 && candidates[0]?.preselect !== false;
    if (!preselect) hintLine.textContent = noCaptionHint();
    if (hint) hintLine.textContent = hint;

    panel.append(title, textarea, creditLine, notice, ...(candidates.length ? [list] : []), hintLine, actions);
    root.append(style, panel);

    const placement = new AbortController();
    const finish = (result: ChooserResult) => {
      placement.abort();
      window.removeEventListener('keydown', onPageKey, true);
      document.removeEventListener('selectionchange', onSelection);
      host.remove();
      if (closeOpen === cancel) closeOpen = null;
      resolve(result);
    };
    const cancel = () => finish({ cancelled: true });
    const confirm = () => {
      const caption = textarea.value.trim();
      if (!caption) {
        // Nothing is sent without text: the dialog says, where the user is looking, how to give one.
        notice.textContent = t('chooserEmpty');
        textarea.focus();
        return;
      }
      // A caption the user replaced (not just corrected) is no longer the one the credit came with.
      const same = filled !== '' && (caption.includes(filled.slice(0, 24)) || filled.includes(caption));
      finish({ caption, credit: same ? shownCredit : '' });
      // Focus goes to the image, not to <body>: its result appears by it (marks.ts moves focus on to the badge).
      focusImage(anchor);
    };
    closeOpen = cancel;
    const checkBoth = () => {
      if (!pair) return;
      const [first, second] = pair;
      finish({ caption: first.text, credit: first.credit ?? '', label: first.label ?? '', second: { caption: second.text, label: second.label ?? '', credit: second.credit ?? '' } });
      focusImage(anchor);
    };

    // Inside the dialog: Enter in the caption confirms (Shift+Enter is a new line), Esc cancels, Tab stays inside.
    panel.addEventListener('keydown', (event: KeyboardEvent) => {
      // The page must not see keys typed into the dialog (site shortcuts would fire).
      event.stopPropagation();
      if (!event.isTrusted) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        cancel();
      } else if (event.key === 'Enter' && !event.shiftKey && root.activeElement === textarea) {
        event.preventDefault();
        confirm();
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (moveThroughCandidates(event.key === 'ArrowDown' ? 1 : -1)) event.preventDefault();
      } else if (event.key === 'Tab') {
        const focusable = [textarea, ...buttons, confirmButton, ...(bothButton ? [bothButton] : []), cancelButton];
        const at = focusable.indexOf(root.activeElement as HTMLTextAreaElement | HTMLButtonElement);
        const next = (at + (event.shiftKey ? -1 : 1) + focusable.length) % focusable.length;
        event.preventDefault();
        focusable[next]?.focus();
      }
    });
    // The arrows move through the suggestions, each one taken into the box as it is reached: Down from the end of
    // the box enters the list (at the suggestion in the box, else the first), Up from the first goes back to the box.
    function moveThroughCandidates(by: 1 | -1): boolean {
      const active = root.activeElement;
      if (active === textarea) {
        const atEnd = textarea.selectionStart === textarea.value.length && textarea.selectionEnd === textarea.value.length;
        if (by < 0 || !atEnd || buttons.length === 0) return false;
        const pressed = buttons.findIndex((b) => b.getAttribute('aria-pressed') === 'true');
        const first = Math.max(pressed, 0);
        pick(first);
        buttons[first]!.focus();
        return true;
      }
      const at = buttons.indexOf(active as HTMLButtonElement);
      if (at < 0) return false;
      const next = at + by;
      if (next < 0) {
        textarea.focus();
        textarea.setSelectionRange(textarea.value.length, textarea.value.length);
      } else if (next < buttons.length) {
        pick(next);
        buttons[next]!.focus();
      }
      return true;
    }
    // Outside the dialog: the user is selecting the caption on the page; Enter takes it, Esc cancels.
    function onPageKey(event: KeyboardEvent) {
      if (!event.isTrusted || document.activeElement === host) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        cancel();
      } else if (event.key === 'Enter' && !isEditable(document.activeElement) && getSelection()?.toString().trim()) {
        event.preventDefault();
        event.stopPropagation();
        confirm();
      }
    }
    function onSelection() {
      if (document.activeElement === host) return;
      const text = getSelection()?.toString().replace(/\s+/g, ' ').trim() ?? '';
      if (!text) return;
      buttons.forEach((b) => b.setAttribute('aria-pressed', 'false'));
      fill(text, false);
    }
    // The empty-box notice goes as soon as there is text again.
    textarea.addEventListener('input', () => textarea.value.trim() && notice.textContent === t('chooserEmpty') && (notice.textContent = ''));
    confirmButton.addEventListener('click', trusted(confirm));
    cancelButton.addEventListener('click', trusted(cancel));
    bothButton?.addEventListener('click', trusted(checkBoth));
    window.addEventListener('keydown', onPageKey, true);
    document.addEventListener('selectionchange', onSelection);

    document.documentElement.append(host);
    // Placed from inside the shadow root: the host's own inline styles would lose to `:host { all: initial !important }`.
    const rtl = isRtl(anchor);
    follow(panel, anchor, (rect, size) => placeBeside(rect, size, viewportSize(), { rtl }), placement.signal);
    if (preselect) pick(0);
    textarea.focus({ preventScroll: true });
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  });
}
