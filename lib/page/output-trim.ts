// What an AI interface prints around a model's words and a reader does not take for part of them: a line of
// bookkeeping before or after the text ("14 Token · 0,37 s", "Generated in 3.2 s", "GPT-4o · 14:32", "412 chars",
// "$0.0004", "12.4 tok/s"), a row of controls ("Copy", "Regenerate", "👍 👎") and an output label ahead of it
// ("Answer", "Antwort:", "답변", "Ответ"). Read by shape (figures with units, separators, short lines, a label's
// element or colon) with a small multilingual set of labels and control words. Pure text and DOM reads.
import { collapse, wordCount } from './caption-text';
import { isOutputLabel, withoutOutputLabel } from './ui-labels';

/** Units an AI interface counts in: tokens, time taken, characters, words or sources, in the extension's languages and a few more (sv, fi, cs, el, tr, ro, th, fa, he, id, hu, vi). */
const UNIT =
  String.raw`(?:tok(?:en)?s?\s*\/\s*s(?:ec)?|t\/s|tok(?:en)?s?|tokens?|jetons?|tokeny|tokenów|토큰|トークン|令牌|词元|токен(?:а|ов|ы)?|ms|msec|мс|s|secs?|seconds?|sekunden?|sek\.?|secondes?|segundos?|secondi|sekund[ay]?|saniye|sn\.?|min|mins|minutes?|minuten|초|秒(?:钟|鐘)?|分|с|сек\.?|секунд[ыа]?|chars?|characters?|zeichen|caractères|caracteres|caratteri|znak(?:ów|i)?|karakter|tecken|tekens|символ(?:ов|а)?|자|文字|字符?|words?|слов(?:а|о)?|wörter|mots|palabras|parole|palavras|단어|語|词|ord|sanaa|sanan|slov|slova|λέξεις|λέξη|kelime|cuvinte|cuvânt|คำ|کلمه|واژه|מילים|kata|szó|merkkiä|znaků|χαρακτήρες|caractere|ตัวอักษร|کاراکتر|תווים|sekuntia|sekunti|δευτ\.?|δευτερόλεπτα|secunde|วินาที|ثانیه|שניות|detik|másodperc|giây|px|[kmg]i?b|bytes?|sources?|quellen|fuentes?|fonti|fontes?|источник(?:ов|а)?|джерел[оа]?|출처|来源|來源|情報源)`;
/** A figure with its unit ("0,41 s", "17 Token", "12.4 tok/s", "0.8초"), a price ("$0.0004", "0,02 €") or a percentage. */
const FIGURE = new RegExp(String.raw`(?:[$€£¥]\s?\d[\d.,]*|\d[\d.,]*\s?(?:${UNIT}(?![\p{L}])|[$€£¥%]|usd|eur|credits?))`, 'iu');
/** A figure with a unit an interface counts in (tokens, time, characters, words): not a price or a percentage. */
const COUNTED = new RegExp(String.raw`\d[\d.,]*\s?${UNIT}(?![\p{L}])`, 'iu');
/** A field's label that names the unit of the figure in it ("Czas generowania (s)", "Latency (ms)", "Tokens (n)"). */
const UNIT_FIELD = new RegExp(String.raw`\(\s*(?:${UNIT}|n|#)\s*\)$`, 'iu');
/** A clock time or a date ("14:32", "2:14 PM", "2026-11-28", "28.11.2026"), or a relative time ("3 minutes ago", "vor 2 Min."). */
const WHEN =
  /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b|\b\d+\s?\p{L}{1,10}\.?\s+(?:ago|fa|atrás|назад)(?![\p{L}])|\b(?:vor|il y a|hace|há)\s+\d+|\d+\s?\p{L}{0,4}\s?(?:前|전)/iu;
/** Separators between the pieces of a bookkeeping line (also a spaced double hyphen: "1.87 s -- user, date, cluster"). */
const SEPARATOR = /\s+[·•|｜]\s+|\s*[·•｜]\s*|\s+(?:[–—]|--)\s+/u;

/**
 * Controls printed as words or symbols under an answer or an output (copy it, have it written again, rate it, share
 * it), in the extension's languages and ko, ja, zh, ru, pl, tr, sv, nl. Matched as the whole line.
 */
const CONTROL =
  /^(?:copy|copied|copy text|regenerate|retry|share|like|dislike|edit|report|read aloud|good response|bad response|helpful|not helpful|kopieren|kopiert|neu generieren|teilen|bearbeiten|copier|copié|régénérer|partager|modifier|copiar|copiado|regenerar|compartir|editar|copia|copiato|rigenera|condividi|modifica|compartilhar|копіювати|копировать|скопировать|повторить|поделиться|kopiuj|skopiuj|wygeneruj ponownie|udostępnij|kopyala|yeniden oluştur|paylaş|kopiera|generera om|dela|kopiëren|opnieuw genereren|delen|نسخ|مشاركة|कॉपी|복사|다시 생성|공유|コピー|再生成|共有|复制|複製|重新生成|分享|copiază|regenerează|distribuie|kopírovat|zkopírovat|znovu vygenerovat|sdílet|másolás|újragenerálás|megosztás|kopioi|luo uudelleen|jaa|αντιγραφή|αναδημιουργία|κοινοποίηση|คัดลอก|สร้างใหม่|แชร์|کپی|تولید دوباره|اشتراک‌گذاری|העתק|צור מחדש|שתף|salin|buat ulang|bagikan|sao chép|tạo lại|chia sẻ)$/iu;
/** Rating and action symbols (👍 👎 ⧉ ⟳ ↻ 📋 🔊 ♥ ★) and the digits of their counts. */
const SYMBOLS = /^[\p{Extended_Pictographic}\u2190-\u21ff\u2300-\u23ff\u2600-\u27bf\u29c9\u2b00-\u2bff\ufe0f\u200d\s\d]+$/u;

/** Longest line read as bookkeeping; a sentence about the picture runs longer or has no figures. */
const META_CHARS = 70;
const META_WORDS = 9;

/** A count or a setting as "name: number", its unit after it ("Số từ: 39", "Seed: 42", "Wörter: 41", "Costo: 331 puntos"). */
const COUNT_LINE = /^[\p{L}\s-]{1,24}[:=：]\s*[-+]?\d[\d.,]*\s*(?:%|\p{L}{1,12}\.?)?$/u;
/**
 * A metric an eval tool prints as "name value" with no colon: a unit named before its figure ("tokens 612"), or a
 * variable's name in code style, joined by underscores or dots ("count_match 1.00", "rouge.l 0.41"). Prose never names so.
 */
const METRIC_LINE = new RegExp(String.raw`^(?:${UNIT}|[\p{L}\d]+(?:[_.][\p{L}\d]+)+)\s+[-+]?\d[\d.,]*\s*(?:%|${UNIT})?$`, 'iu');

/** A message's time as the moment it was sent ("Now", "Just now", "Jetzt", "À l'instant", "Most", "たった今", "刚刚"). */
const NOW =
  /^(?:now|just now|right now|jetzt|gerade eben|soeben|maintenant|à l'instant|ahora|ahora mismo|adesso|ora|agora|agora mesmo|nu|zojuist|net|teraz|przed chwilą|сейчас|только что|зараз|щойно|şimdi|az önce|most|épp most|nyní|právě teď|teď|nyt|juuri nyt|acum|chiar acum|τώρα|μόλις τώρα|ตอนนี้|เมื่อสักครู่|اکنون|עכשיו|כרגע|sekarang|baru saja|bây giờ|vừa xong|الآن|अभी|방금|지금|たった今|刚刚|剛剛|现在)$/iu;

/** One piece of a bookkeeping line: a figure or a time with at most a few words around it, or a short name beside them. */
const figurePiece = (piece: string) => ((FIGURE.test(piece) || WHEN.test(piece)) && wordCount(piece) <= 5) || NOW.test(piece.trim());

/** A toggle for a run's logs or console ("Show logs", "Hide logs", "Logs anzeigen", "Voir les journaux", "ログを表示", "查看日志"). */
const LOG_TOGGLE =
  /^(?:(?:show|hide|view|open|close|toggle|see|anzeigen|ausblenden|voir|afficher|masquer|ver|mostrar|ocultar|mostra|nascondi|pokaż|ukryj|показать|скрыть)\s+)?(?:the\s+)?(?:logs?|console(?: output)?|run logs?|build logs?|protokolle?|journaux|registros?|logi|логи|журнал)(?:\s+(?:anzeigen|ausblenden|afficher|masquer|mostrar|ocultar|pokaż|ukryj))?(?:\s*\(\d+(?:\s+\p{L}+)?\))?$|^(?:ログ|日志|로그)(?:を表示|を隠す|表示|查看| 보기| 숨기기)?$|^(?:查看|显示|隐藏)日志$/iu;
/** A progress bar as a library logs it ("100%|██████████| 3/3", "[=====>    ] 60%", "▕████▏"): a line of a run's log, not words. */
const PROGRESS_BAR = /\d%\|[^|]*\||[█▉▊▋▌▍▎▏▕▓▒░]{3,}|\[[=#>.\- ]{5,}\]/u;
/** A control's words alone on a line ("Copy", "Regenerate", "👍 👎", "Copy · Share", "Show logs"). */
const controlLine = (line: string) => {
  const pieces = line.split(/\s*[·•|｜]\s*|\s{2,}/u).filter(Boolean);
  return pieces.length > 0 && pieces.every((p) => CONTROL.test(p) || LOG_TOGGLE.test(p) || (SYMBOLS.test(p) && !/^\d+$/.test(p.trim())));
};

/**
 * A line of an AI interface's bookkeeping, not words about the picture: figures with units, times and model names
 * between separators ("17 Token · 0,41 s", "GPT-4o · 14:32", "캐시된 결과 · 0.8초"), a short line that is a figure or a
 * time with a few words ("Generated in 3.2 seconds", "Latency: 412 ms", "Claude 3.5 Sonnet 2:14 PM"), a setting's value
 * ("Seed: 42", "Konfidenz: 0,92") or a row of controls.
 */
export function isBookkeeping(text: string): boolean {
  const line = collapse(text);
  if (!line || controlLine(line)) return !!line;
  // A run's log line: a progress bar ("Loading checkpoint shards: 100%|██████████| 3/3"), or counts as "name: N, name: N".
  if (line.length <= 200 && PROGRESS_BAR.test(line)) return true;
  if (line.length <= META_CHARS * 2 && line.includes(',') && line.split(/\s*;\s*|,\s+/u).every((piece) => COUNT_LINE.test(piece))) return true;
  if (/[.!?。！？]$/u.test(line.replace(/\b[ap]\.?m\.$|\b(?:sek|sn|сек)\.$/iu, ''))) return false;
  // Pieces between separators, each cut again at its commas ("Cmd took 1.87 s -- jiwoo, 12/3/2026, 3:15 PM, gpu-a10"):
  // a line of several such pieces may run longer than one of words.
  const pieces = line.split(SEPARATOR).map((p) => p.trim()).filter(Boolean);
  const parts = pieces.flatMap((p) => p.split(/,\s+/u)).filter(Boolean);
  const short = line.length <= META_CHARS && wordCount(line) <= META_WORDS;
  // Beside a count ("38 words", "412 tokens") a piece may be a short phrase ("Only visible to this channel").
  const counted = pieces.some((p) => COUNTED.test(p));
  if (pieces.length > 1 && (short || (line.length <= META_CHARS * 1.5 && parts.length >= 3)))
    // A figure's piece may run long with an address in it ("by ana@example.org at 3.12.2026"); a piece of words may not.
    return parts.some(figurePiece) && parts.every((p) => figurePiece(p) || (p.length <= 40 && (wordCount(p) <= (counted ? 6 : 4) || controlLine(p))));
  if (!short) return false;
  // A single piece: a figure or a time with a few words, a setting's "name: value", or a figure's field label ("Latency (ms)").
  return figurePiece(line) || COUNT_LINE.test(line) || METRIC_LINE.test(line) || (wordCount(line) <= 5 && UNIT_FIELD.test(line));
}

/** A bookkeeping line that counts something ("Qwen2.5-VL-7B-Instruct · 3,4 с · 71 токен", "Generated in 3.2 s"): never a caption, wherever it sits. */
export const isFiguresLine = (text: string): boolean => COUNTED.test(text) && !text.includes('\n') && isBookkeeping(text);

/** A relative time and nothing else ("1 day ago", "3 Min. ago", "vor 2 Std.", "il y a 3 jours", "hace 5 min", "2 дня назад"). */
const RELATIVE_TIME = /^(?:\d+\s?\p{L}{1,10}\.?\s+(?:ago|fa|atrás|назад)|(?:vor|il y a|hace|há)\s+\d+\s?\p{L}{1,10}\.?|\d+\s?\p{L}{0,4}\s?(?:前|전))$/iu;
/** Longest text read as a date alone ("1 de diciembre de 2026", "Dec 1, 2026"). */
const DATE_CHARS = 40;
/**
 * A date and nothing else, in any language ("Dec 1, 2026", "1. Dezember 2026", "1 de diciembre de 2026", "2026年12月1日",
 * "01.12.2026"): figures with a year among them, and at most one word longer than a short link word (the month's
 * name). A place beside the date ("Berlin, 3. Oktober 1990") is words and stays. Never a caption: an upload's metadata.
 */
export function isDateOnly(text: string): boolean {
  // A relative time alone, after a separator or not ("• 1 day ago", "vor 2 Std."): when a post was made.
  const t = collapse(text).replace(/^[·•|｜–—-]\s*/u, '');
  if (!t || t.length > DATE_CHARS) return false;
  if (RELATIVE_TIME.test(t)) return true;
  const tokens = t.split(/[\s,./\-–年月日号]+/u).filter(Boolean);
  const numbers = tokens.filter((w) => /^\d{1,4}(?:st|nd|rd|th|er|e|º|ª)?$/u.test(w));
  const words = tokens.filter((w) => !numbers.includes(w));
  return (
    numbers.length >= 2 && numbers.some((w) => /^(?:1[89]|20)\d{2}$/.test(w)) &&
    words.every((w) => /^\p{L}{1,12}$/u.test(w)) && words.filter((w) => w.length > 3).length <= 1
  );
}

/** A label on a line of its own before the text: an output label ("Answer", "Antwort:", "답변"), or one or two words ending in a colon. */
export function isLeadLabel(line: string): boolean {
  const t = collapse(line);
  return isOutputLabel(t) || (/[:：]$/.test(t) && t.length <= 24 && wordCount(t) <= 2 && !/\d/.test(t));
}

/** Sentence ends in a line after which glued-on bookkeeping may follow ("…Schilf.14 Token · 0,37 s"); not a decimal point. */
const SENTENCE_END = /(?<!\d)[.!?。！？](?!\d)|(?<=\d)[.!?。！？](?=\s)|(?<=\p{L})\.(?=\d)/gu;

/** The line without bookkeeping glued on after its last sentence: "…am Ufer wächst Schilf. 14 Token · 0,37 s" → "…Schilf.". */
function withoutGluedTail(line: string): string {
  for (const end of line.matchAll(SENTENCE_END)) {
    const cut = end.index + end[0].length;
    // A bookkeeping line is short: a longer rest is words (and reading it at every sentence of a long text is dear).
    if (line.length - cut > META_CHARS) continue;
    const head = line.slice(0, cut);
    const tail = line.slice(cut).trim();
    if (tail && wordCount(head) >= 3 && (FIGURE.test(tail) || WHEN.test(tail) || COUNT_LINE.test(tail) || controlLine(tail)) && isBookkeeping(tail)) return head.trim();
  }
  return line;
}

/**
 * A printed value's own short label before it ("Chú thích: Một chiếc ghe …", "Beschreibung: Ein Boot …", "説明：…"), in any
 * language: a word or two of letters, no figures, then a colon and a sentence that starts with a capital (or in a script
 * without case). A list's lead-in ("Colors: red and blue") goes on in lower case and stays.
 */
const PRINTED_LABEL = /^(\p{L}[\p{L}\p{M} '’-]{0,22})[:：][ \t]*(?=[\p{Lu}\p{Lo}])(\S[\s\S]*)$/u;
/** Words after a printed value's short label: "Chú thích: Một chiếc ghe gỗ …" → "Một chiếc ghe gỗ …". */
export function withoutPrintedLabel(text: string): string {
  const labelled = PRINTED_LABEL.exec(text);
  return labelled && wordCount(labelled[1]!) <= 2 && wordCount(labelled[2]!) >= 5 ? labelled[2]! : text;
}

/** Families of models an interface names an answer's author by ("GPT-4o", "Gemini 2.5 Flash", "Llama 4 Maverick", "Qwen2.5-VL-7B"). */
const MODEL_FAMILY =
  /^(?:[\w.-]+\/)?(?:gpt|o[134]|chatgpt|gemini|gemma|claude|llama|meta-llama|mistral|mixtral|pixtral|ministral|qwen|qvq|deepseek|grok|phi|command|llava|kimi|glm|yi|internvl|molmo|nova|sonar|hermes|olmo|smolvlm|moondream)(?![\p{L}])/iu;
/** Longest model name line ("Llama 4 Maverick Instruct (17Bx128E)"). */
const MODEL_NAME_CHARS = 60;
const MODEL_NAME_WORDS = 6;
/** A line that is a model's name and version alone: the answer's header or footer, not its words. */
export function isModelName(text: string): boolean {
  const t = collapse(text);
  return t.length <= MODEL_NAME_CHARS && wordCount(t) <= MODEL_NAME_WORDS && MODEL_FAMILY.test(t) && /\d/.test(t) && !/[.!?。！？:：,;]$/u.test(t);
}

/** A check's verdict alone on a line before an output in an eval tool ("PASS", "FAIL", "✓ Passed", "Error"). */
const STATUS = /^(?:[✓✔✗✘×❌✅]\s*)?(?:pass|passed|fail|failed|ok|error|success|failure|bestanden|fehlgeschlagen|réussi|échoué|éxito|fallido|superato|fallito|通过|失败|成功|合格|不合格|통과|실패)$/iu;
const FAILED = /fail|error|fehl|échou|fallid|fallit|失败|不合格|실패|[✗✘×❌]/iu;
/** Longest reason a failed check prints under its status ("Expected output to contain …"). */
const STATUS_REASON_WORDS = 12;
const isStatus = (text: string) => STATUS.test(collapse(text));

/**
 * A model's words as a reader takes them from an AI interface: without bookkeeping lines and controls before or after
 * them, without an output label ahead of them (on its own line, or as "Label: …", or any printed word or two and a colon
 * before a sentence), and without bookkeeping glued on
 * after the last sentence. Lines are kept as they were; what is left is never empty when the text was not.
 */
export function trimModelText(text: string): string {
  const lines = text.split('\n');
  const words = (from: string[]) => from.some((l) => !isBookkeeping(l) && !isModelName(l) && wordCount(l) >= 2);
  // A line of separators alone ("·", "|") between a footer's figures counts as no line.
  const has = (line: string | undefined) => !/^[\s·•|｜–—]*$/u.test(line ?? '');
  while (lines.length > 1 && (!has(lines.at(-1)) || isBookkeeping(lines.at(-1)!) || isModelName(lines.at(-1)!)) && words(lines.slice(0, -1))) lines.pop();
  while (lines.length > 1 && (!has(lines[0]) || isBookkeeping(lines[0]!) || isLeadLabel(lines[0]!) || isModelName(lines[0]!) || isStatus(lines[0]!)) && words(lines.slice(1))) {
    // A failed check's status is followed by its reason ("FAIL" / "Expected output to contain …"): one short line that
    // is no sentence of the output (no full stop at its end).
    const failed = isStatus(lines[0]!) && FAILED.test(collapse(lines[0]));
    lines.shift();
    if (failed && lines.length > 1 && wordCount(lines[0]!) <= STATUS_REASON_WORDS && !/[.!?。！？]$/u.test(collapse(lines[0])) && words(lines.slice(1))) lines.shift();
  }
  if (lines.length) lines[lines.length - 1] = withoutGluedTail(lines[lines.length - 1]!);
  if (lines.length) lines[0] = withoutPrintedLabel(withoutOutputLabel(lines[0]!));
  const trimmed = lines.join('\n');
  return collapse(trimmed) ? trimmed : text;
}

/** Class words of an element that labels the text after it ("answer-label", "output__badge", "eyebrow"). */
const LABEL_CLASS = /(?:^|[\s_-])(?:label|badge|tag|chip|eyebrow|kicker)(?:$|[\s_-])/i;
/** Class words of a turn's name line, the model's or the user's name above the words ("who", "msg__who", "author-name", "Message_botHeader"). */
const NAME_CLASS = /(?:^|[\s_-])(?:who|name|author|sender|username|nickname|speaker|\w*header)(?:$|[\s_-])/i;

/**
 * The short label element the text of `root` starts with (`<span class="answer-label">답변</span>`, `<strong>Answer:</strong>`):
 * an output label, a word or two ending in a colon, a short word in an element named a label, or a turn's name line
 * (an element named who, name, author … : "Reasoner-Vision"), with words after it.
 * Readers skip it so its word never joins the model's text; null when the text starts with no such label.
 */
export function leadLabelOf(root: Element): Element | null {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  while (node && (!collapse(node.textContent) || node.parentElement?.closest('button, script, style, [aria-hidden="true"]'))) node = walker.nextNode();
  let label = node?.parentElement;
  if (!label || label === root || !root.contains(label)) return null;
  while (label.parentElement && label.parentElement !== root && collapse(label.parentElement.textContent) === collapse(label.textContent)) label = label.parentElement;
  const text = collapse(label.textContent);
  if (text.length > 30 || wordCount(text) > 3 || wordCount(collapse(root.textContent).slice(text.length)) < 3) return null;
  const named = label.getAttribute('class') ?? '';
  return isLeadLabel(text) || (LABEL_CLASS.test(named) && !/[\d.!?]/.test(text)) || (NAME_CLASS.test(named) && !/[.!?。]$/.test(text)) ? label : null;
}

/** Words of a model's reasoning shown by its answer ("Thinking", "Thought process", "Gedankengang", "思考过程"). */
const THINKING =
  /^(?:show |hide )?(?:thinking|thought process|thoughts|reasoning|denkprozess|gedankengang|nachdenken|réflexion|raisonnement|razonamiento|pensamiento|ragionamento|raciocínio|pensamento|размышления|міркування|思考过程|思考過程|深度思考|思考中|推理过程|考え中|思考プロセス)/iu;
/** A toggle's label for a model's reasoning: a time taken ("Thought for 12 seconds", "已深度思考（用时 9 秒）") or a word of thinking. */
const reasoningLabel = (text: string) => text.length <= 60 && (THINKING.test(text) || (isBookkeeping(text) && !controlLine(text)));

/**
 * The reasoning a model shows above its answer, folded or open: a `<details>` whose summary is a reasoning label, or a
 * block of a toggle (`aria-expanded`) with such a label and the one element it opens. Readers leave it out of the answer.
 */
export function isReasoning(element: Element): boolean {
  if (element.tagName === 'DETAILS') return reasoningLabel(collapse(element.querySelector(':scope > summary')?.textContent));
  // The toggle says it opens something (aria-expanded), or is a button of its own (a clickable "Thought for 9 seconds").
  const toggle = element.firstElementChild;
  return element.childElementCount === 2 && !!toggle && (toggle.hasAttribute('aria-expanded') || toggle.matches('button, [role="button"]')) && reasoningLabel(collapse(toggle.textContent));
}

/**
 * A run's logs shown by its output, folded or open: a `<details>` whose summary is a logs toggle ("Show logs"), or a
 * block of a toggle (`aria-expanded`) with such a label and the one element it opens. Not part of what the model said.
 */
export function isLogPanel(element: Element): boolean {
  if (element.tagName === 'DETAILS') return LOG_TOGGLE.test(collapse(element.querySelector(':scope > summary')?.textContent));
  const toggle = element.firstElementChild;
  return element.childElementCount === 2 && !!toggle?.hasAttribute('aria-expanded') && LOG_TOGGLE.test(collapse(toggle.textContent));
}

/** A site's name as a source is shown ("oiseaux.net", "en.wikipedia.org"), at the start of a link's text. */
const SITE_NAME = /^(?:www\.)?[\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.\p{L}{2,}(?![\p{L}\d.-])/u;
/** A reference number as a citation shows it: "1", "[2]", "(3)", "¹", "[1, 2]". */
const CITATION_MARK = /^[[(]?\s*(?:\d{1,3}|[\u00b9\u00b2\u00b3\u2070-\u2079]{1,3})(?:\s*[,–-]\s*\d{1,3})*\s*[\])]?$/u;
/** A count of further sources ("+1 source", "+3"). */
const MORE_SOURCES = /^\+\s?\d+(?:\s\p{L}+)?$/u;

/**
 * A source card or a citation chip an answer shows with its words (a search chat's thread): a link to another site
 * whose text starts with that site's name ("oiseaux.net Héron cendré - …", "parc-camargue.fr"), or one counting
 * further sources ("+1 source"). Not part of what the model said.
 */
export function isSourceLink(element: Element): boolean {
  const text = collapse(element.textContent);
  // A citation marker: a reference number in brackets set as a superscript ("[2]"), or a link whose text is only a
  // reference number ("1", "[2]", "³") after the words it backs; a reader skips it, it is not one of the model's words.
  if (element.tagName === 'SUP' && CITATION_MARK.test(text) && (/^\[.*\]$/.test(text) || !!element.querySelector('a'))) return true;
  if (element.tagName !== 'A') return false;
  if (CITATION_MARK.test(text) && element.hasAttribute('href')) return true;
  return (/^https?:/i.test(element.getAttribute('href') ?? '') && SITE_NAME.test(text)) || MORE_SOURCES.test(text);
}
