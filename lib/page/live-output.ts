// The region a demo writes its model's answer into: an `<output>` after the picture, or a live region, status or
// alert after the control the user asks with (a question or prompt box, a Submit / Ask / Generate button), in the
// picture's own app box. Notices, status lines with a time taken and bookkeeping lines are not the answer. Pure DOM reads.
import { collapse, renderedLines, visuallyHidden, wordCount } from './caption-text';
import { namesAltText, withoutOutputLabel } from './ui-labels';
import { isLogPanel, isSourceLink, leadLabelOf } from './output-trim';
import { isPicture } from './picture-size';
import { elementsAfter, isModelText, LABEL_REACH } from './model-output';

/** Regions a page rewrites as the model answers: a live region, a status or alert (Streamlit's st.success), an `<output>` (a chat's `role="log"` is conversation.ts's). */
const LIVE_REGION = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], output';
/** Where the user asks about the picture: a question or prompt box, a submit button. */
const ASK_BOX = 'input:not([type="hidden"]):not([type="file"]):not([type="radio"]):not([type="checkbox"]), textarea, button[type="submit"]';
/** A button that sets the model to work (Submit, Run, Ask, Generate …, nine languages and ja, zh), not one that shares or clears. */
const RUN_BUTTON =
  /^(?:submit|run|ask|send|go|generate|caption|describe|analy[sz]e|predict|absenden|senden|fragen|ausführen|starten|generieren|beschreiben|analysieren|envoyer|demander|lancer|générer|décrire|analyser|soumettre|enviar|preguntar|ejecutar|generar|describir|analizar|invia|chiedi|esegui|genera|descrivi|analizza|perguntar|executar|gerar|descrever|analisar|надіслати|запитати|згенерувати|إرسال|اسأل|توليد|تشغيل|भेजें|पूछें|送信|質問|実行|生成|提交|发送|發送|运行)\b|^(?:skicka|fråga|lähetä|kysy|luo|odeslat|zeptat se|generovat|trimite|întreabă|generează|αποστολή|ρώτησε|δημιουργία|ส่ง|ถาม|สร้าง|ارسال|بپرس|تولید|שלח|שאל|צור|gönder|sor|oluştur|oluştur|전송|보내기|질문|생성|kirim|tanya|buat|gửi|hỏi|tạo|wyślij|zapytaj|generuj|küldés|kérdezz|generálás)(?![\p{L}])/iu;
/** Class words of a notice or a hint to the user beside a field ("Polaris-Banner", "HelpText", "form-hint", "disclaimer"). */
const NOTICE_CLASS = /(?:^|[\s_-])(?:banner|notice|hint|help(?:text)?|disclaimer|tooltip|callout)(?:$|[\s_-])/i;
/** A notice, hint or help text to the user (a note, or a box classed as one): it speaks about the output, it is not the output. */
export const isNotice = (el: Element) => el.getAttribute('role') === 'note' || [el, el.parentElement].some((box) => !!box && NOTICE_CLASS.test(box.getAttribute('class') ?? ''));
/** An editable field that holds a picture's description (an alt-text field with words in it): the output itself, not a box to ask in. */
const holdsDescription = (el: Element) => {
  if (!(el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) || wordCount(el.value) < 3) return false;
  const label = el.labels?.[0]?.textContent ?? (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id) => (id ? document.getElementById(id)?.textContent ?? '' : '')).join(' ');
  return namesAltText(collapse(label || el.getAttribute('aria-label')));
};
const isAskControl = (el: Element) => el.matches(ASK_BOX) || ((el.tagName === 'BUTTON' || el.getAttribute('role') === 'button') && RUN_BUTTON.test(collapse(el.getAttribute('aria-label') || el.textContent)));
/** How far up the image and the region may meet (the app's own box, holding this picture alone). */
const APP_LEVELS = 4;
/** A line of bookkeeping under an answer ("vqa-base · 0,8 s · confiance 0,86"): separated figures, not words about the picture. */
const META_LINE = /^(?=.*\d)(?:[^·•|]{1,40}\s[·•|]\s)+[^·•|]{1,40}$/u;

/** A demo's status line ("Done in 3.2 s", "Generated in 1.4 seconds on GPU", "Fertig nach 2 Sekunden"): a time taken, not words about the picture. */
const STATUS_LINE = /^(?=(?:\S+\s+){0,7}\S+$).*\b\d+(?:[.,]\d+)?\s*(?:ms|s|sec|secs|seconds?|sekunden|secondes|segundos|secondi|秒)\b/iu;

/**
 * The region a demo writes its model's answer into, in the same app box as the picture: an `<output>` after the image,
 * or a live region or status after the control the user asks with (a question or prompt box, a Submit / Ask / Generate
 * button). Its words past its heading, controls and bookkeeping line; "" when there is none.
 */
export function liveOutput(image: Element): string {
  // An example's thumbnail or an icon is not the picture the demo answers about.
  if (!isPicture(image)) return '';
  const after = elementsAfter(image, LABEL_REACH * 4);
  const asked = after.findIndex(isAskControl);
  // The words are in an alt-text field already: a status by it (a notice, a count) is not them.
  if (asked >= 0 && holdsDescription(after[asked]!)) return '';
  // An <output> needs no control before it (a demo may caption a picture as soon as it is dropped); other regions do.
  const regions = after.filter((el, i) => el.matches(LIVE_REGION) && (el.tagName === 'OUTPUT' || (asked >= 0 && i > asked)));
  // An <output> first, then the other regions in order: a status line ("Model loaded") may come before the answer.
  regions.sort((a, b) => Number(b.tagName === 'OUTPUT') - Number(a.tagName === 'OUTPUT'));
  const skip = (el: Element) => /^(?:H[1-6]|BUTTON|LABEL|LEGEND)$/.test(el.tagName) || el.getAttribute('role') === 'toolbar' || el.getAttribute('role') === 'heading' || isSourceLink(el) || isLogPanel(el);
  for (const region of regions) {
    // A screen reader's announcement ("Assistant is typing") is not shown; what the model wrote is.
    if (!inAppBox(image, region) || visuallyHidden(region) || isNotice(region)) continue;
    const lead = leadLabelOf(region);
    const lines = renderedLines(region, undefined, (el) => el === lead || skip(el)).filter((line) => !META_LINE.test(line) && !STATUS_LINE.test(line));
    const text = withoutOutputLabel(lines.join('\n'));
    if (isModelText(region, text)) return text;
  }
  return '';
}

/** The region sits in the picture's own app box: within a few levels above it, in a box holding no other picture. */
function inAppBox(image: Element, region: Element): boolean {
  let app: Element | null = image.parentElement;
  for (let level = 0; app && !app.contains(region); level++, app = app.parentElement)
    if (level >= APP_LEVELS || Array.from(app.querySelectorAll('img')).filter(isPicture).length > 1) return false;
  return !!app;
}
