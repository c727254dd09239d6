// What people type to a model ("Describe this image", "Was ist auf dem Foto?") and the labels demo apps put on
// their boxes (Prompt, Output, Ergebnis …), in every language the extension has locales for (en, de, fr, es, it,
// pt, uk, ar, hi) and ja, zh. A request to the model is never a caption; a prompt box is not an output box. Pure text tests.
import { REQUEST_VERBS } from '../claims/request';
import { collapse } from './caption-text';

/** Polite words before a request's verb ("Please describe", "Bitte beschreibe", "Por favor, describe"). */
const POLITE = String.raw`(?:please\s+|can you\s+|could you\s+|would you\s+|bitte\s+|peux-tu\s+|pouvez-vous\s+|merci de\s+|por favor,?\s+|per favore,?\s+|будь ласка,?\s+|من فضلك\s+)?`;
/**
 * A request's verb: the claim splitter's list (one source for both, lib/claims/request.ts), and forms only a request typed
 * to a chat or a demo uses. Followed by what it asks for (not "List of …"), or nothing ("Describe.").
 */
const VERBS = [
  ...REQUEST_VERBS,
  ...'caption schreib fass nenn décrit écrit réponds répondez descríbeme dígame spieghi напишіть اوصف'.split(' '),
  // "describe" and "tell" in more languages a chat is typed in (ro, cs, sk, hu, fi, sv, el, th, fa, he, id, vi, ko, tr, pl).
  ...'descrie descrieți spune popiš popište popsat opiš opíšte írd kuvaile kuvailkaa kerro beskriv berätta περίγραψε περιγράψτε πες อธิบาย บรรยาย توصیف بگو תאר תארי תארו jelaskan deskripsikan gambarkan hãy açıkla anlat opisz powiedz'.split(' '),
].sort((a, b) => b.length - a.length);
const VERB_OPENER = String.raw`${POLITE}(?:${VERBS.join('|')}|look at|sage mir|me diga)(?:-(?:moi|me|nous))?(?:[\s,]+(?!of\b)\S|[.!]?$)`;

/** Openers of a request addressed to the model: an imperative or a question about the picture. */
const REQUEST_OPENER = new RegExp(
  [
    VERB_OPENER,
    // English
    String.raw`what(?:'s|’s| is| are| do you see| can you (?:see|tell))\b`,
    String.raw`(?:can|could|would) you\b`,
    String.raw`(?:and )?(?:this|that) one\b.*\?$`,
    String.raw`keep it\b|be (?:brief|concise)|in one sentence|just one (?:sentence|paragraph)|one sentence\b`,
    // German
    String.raw`(?:was|wer|wo|wie viele) (?:ist|sind|siehst du|sehen sie|gibt es)\b`,
    String.raw`(?:kannst du|könntest du|können sie|könnten sie)\b`,
    // French
    String.raw`qu['’]est-ce qu['’](?:il y a|on voit)|que vois-tu|que voyez-vous|peux-tu|pouvez-vous`,
    // Spanish
    String.raw`¿?\s*(?:qué hay|qué ves|qué se ve|puedes|podrías|puede usted)\b`,
    // Italian
    String.raw`(?:cosa c['’]è|che cosa c['’]è|cosa vedi|puoi|potresti)\b`,
    // Portuguese
    String.raw`(?:o que (?:há|tem|você vê|vês)|você pode|pode descrever|poderia)\b`,
    // Ukrainian
    String.raw`(?:що (?:на|зображено|ти бачиш|ви бачите)|чи можеш|чи можете)`,
    // Arabic
    String.raw`(?:ماذا (?:يوجد|ترى|في)|ما الذي|هل يمكنك)`,
    // Hindi
    String.raw`(?:कृपया\s+)?(?:इस (?:चित्र|तस्वीर|फ़ोटो|फोटो|छवि) (?:का|में|को))`,
    String.raw`(?:बताइए|बताओ|वर्णन कीजिए|वर्णन करें|क्या आप)`,
    // Languages that put the verb last or write without spaces: ko, fa, tr; th
    String.raw`.{0,60}(?:설명|묘사)\s?(?:해|해줘|해 줘|해주세요|해 주세요|해줄래|하세요|해 줄래요)[.?!]?$`,
    String.raw`.{0,80}(?:توصیف|توضیح|شرح)\s?(?:کن|کنید|بده|بدهید)[.!؟]?$`,
    String.raw`.{0,80}(?:açıkla|anlat|tarif et|betimle)\p{L}{0,12}[.!?]?$`,
    String.raw`(?:ช่วย|กรุณา|โปรด)?(?:อธิบาย|บรรยาย)`,
    // Japanese, Chinese
    String.raw`.{0,30}(?:説明|描写|記述|教えて)(?:して)?(?:ください|下さい|くれ|して)?[。！!]?$`,
    String.raw`请|請|(?:描述|说明|說明|介绍|介紹)(?:一下)?`,
  ]
    .map((opener) => `(?:${opener})`)
    .join('|'),
  'iu',
);

/** A request names the picture it asks about ("this image", "dieses Bild", "cette photo" …). */
export const NAMES_PICTURE =
  /\b(?:image|picture|photo|pic|screenshot|bild|foto|aufnahme|imagen|immagine|imagem|фото|зображення|світлин|imagine|poza|fotografi|obr[aá]z|fotk|sn[ií]mk?|kuva|valokuv|gambar|resim|zdj[eę]ci|k[eé]p)\p{L}*|صورة|الصورة|चित्र|तस्वीर|फ़ोटो|फोटो|छवि|画像|写真|图片|圖片|照片|图像|εικόν|φωτογραφ|รูป|ภาพ|تصویر|عکس|תמונ|ảnh|hình|사진|이미지|görsel|fotoğraf/iu;

/** Longest text a request usually is; a model's answer or a caption is longer or is not phrased as one. */
const REQUEST_CHARS = 240;

/**
 * A question or instruction addressed to the model ("Describe this image in detail, please.", "what is in this
 * picture", "Keep it short", "Beschreibe das Bild in zwei Sätzen."): never a caption, never a claim.
 */
export function isRequestToModel(text: string): boolean {
  const t = collapse(text);
  if (!t || t.length > REQUEST_CHARS) return false;
  // Every sentence asks something of the model: "And this one? Keep it to one sentence this time."
  const sentences = t.match(/[^.?!。？！؟\u037e]+[.?!。？！؟\u037e]*/gu) ?? [t];
  return sentences.every((sentence) => {
    const s = sentence.trim();
    const opener = REQUEST_OPENER.exec(s);
    if (opener && opener.index === 0) return true;
    // A short question about the picture ("And this photo?", "Stimmt das Foto?").
    // Greek asks with ";" (and its own U+037E).
    return (/[?？؟\u037e]\s*$/.test(s) || (/;\s*$/.test(s) && /\p{Script=Greek}/u.test(s))) && (NAMES_PICTURE.test(s) || s.split(' ').length <= 8);
  });
}

/** Verbs of asking for a description ("describe", "beschreibe", "décris" …). */
const DESCRIBE = /describ|beschreib|décri|descri|опиш|صف|وصف|वर्णन|説明|描述|描写/iu;

/**
 * A request that asks about a picture by name or for a description: one even a page with no other sign of a model
 * (an article) never means as a caption. "Can you spot the anomaly?" under a chart is a caption there.
 */
export const asksAboutPicture = (text: string) => isRequestToModel(text) && (NAMES_PICTURE.test(text) || DESCRIBE.test(text));

/** Labels of an image a user uploaded ("Uploaded image", "Hochgeladenes Bild"): they name the upload, not what it shows. */
export const UPLOAD_LABEL =
  /^(?:uploaded (?:image|picture|photo|file)|image (?:upload|preview|attachment)|hochgeladenes (?:bild|foto)|bildvorschau|image (?:importée|téléversée|envoyée)|imagen (?:subida|cargada)|immagine caricata|imagem (?:enviada|carregada)|завантажене зображення|الصورة المرفوعة|अपलोड की गई (?:छवि|तस्वीर)|input|preview|attachment)$/i;

/** Labels a demo app puts on its output: the box or text after one is what the model wrote. */
export const OUTPUT_LABEL =
  /^(?:output|outputs|model output|caption|generated (?:caption|text|description)|(?:légende|description|texte) générée?|generierte (?:beschreibung|bildunterschrift|ausgabe)|(?:descripción|leyenda) generada|(?:didascalia|descrizione) generata|(?:legenda|descrição) gerada|result|results|prediction|response|answer|description|ergebnis|ausgabe|antwort|bildbeschreibung|beschreibung|résultat|sortie|légende|réponse|description générée|resultado|salida|respuesta|descripción|risultato|didascalia|risposta|descrizione|saída|legenda|resposta|descrição|результат|вихід|відповідь|опис|підпис|النتيجة|الناتج|الإجابة|الوصف|परिणाम|आउटपुट|उत्तर|विवरण|出力|結果|回答|答え|キャプション|説明|生成されたキャプション|输出|结果|答案|描述|生成的描述|图片描述|标题|إجابة|الجواب|جواب|التعليق|المخرجات|ответ|вывод|описание|подпись|odpowiedź|wynik|opis|podpis|cevap|yanıt|sonuç|çıktı|açıklama|altyazı|svar|resultat|beskrivning|bildtext|utdata|antwoord|resultaat|uitvoer|beschrijving|bijschrift|답변|응답|답|결과|출력|설명|캡션|回复|回覆|rezultat|ieșire|ieşire|răspuns|descriere|legendă|výsledek|výsledok|výstup|odpověď|odpoveď|popisek|eredmény|kimenet|válasz|leírás|képaláírás|tulos|tuloste|vastaus|kuvaus|kuvateksti|αποτέλεσμα|έξοδος|απάντηση|περιγραφή|λεζάντα|ผลลัพธ์|คำตอบ|คำอธิบาย|เอาต์พุต|คำบรรยายภาพ|نتیجه|خروجی|پاسخ|توضیحات|شرح|תוצאה|פלט|תשובה|תיאור|כיתוב|hasil|keluaran|jawaban|deskripsi|keterangan|takarir|kết quả|đầu ra|câu trả lời|trả lời|mô tả|chú thích)\s*[:：]?$/i;

/** Labels of the box where the user types to the model: never an output. */
export const PROMPT_LABEL =
  /\b(?:prompt|question|instruction|instructions|query|message|ask|system|anweisung|frage|nachricht|eingabe|consigne|question|invite|requête|instrucción|pregunta|mensaje|domanda|istruzione|messaggio|pergunta|instrução|mensagem|запит|питання|інструкція|повідомлення|السؤال|التعليمات|الرسالة|प्रश्न|निर्देश|संदेश)\b|(?<![\p{L}])(?:kysymys|otázka|otázku|întrebare|ερώτηση|คำถาม|پرسش|سوال|سؤال|שאלה|soru|질문|프롬프트|fråga|pertanyaan|câu hỏi|pytanie|kérdés|pokyn|kehote|instrucțiune)(?![\p{L}])/iu;

/** A line printed around a model's words that is not part of them ("Out[5]:", "In [4]:"). */
export const NOTEBOOK_PROMPT = /^(?:In|Out)\s*\[\s*\d*\s*\]\s*:?$/;

/** Notices chat products print under answers ("ChatGPT can make mistakes."): never part of an answer. */
export const DISCLAIMER =
  /\b(?:can make mistakes|may (?:make mistakes|be inaccurate|produce inaccurate)|check important info|double-check|kann fehler machen|können fehler machen|peu(?:t|vent) (?:faire|commettre) des erreurs|puede cometer errores|può commettere errori|pode cometer erros|може помилятися)\b|由\s?AI\s?生成|AI\s?生成的内容|请仔细甄别|間違える(?:こと|可能性)があります|誤りを含む(?:場合|可能性)があります|poate (?:face|greși)|může (?:dělat chyby|chybovat|se mýlit)|môže (?:robiť chyby|sa mýliť)|hibázhat|voi tehdä virheitä|kan göra (?:misstag|fel)|hata yapabilir|może popełniać błędy|może się mylić|μπορεί να κάνει λάθη|อาจ(?:ทำ)?(?:ผิดพลาด|ให้ข้อมูลที่ไม่ถูกต้อง)|ممکن است (?:اشتباه|خطا)|(?:עלול|עשוי|עלולה|עשויה) לטעות|(?:dapat|bisa) (?:membuat kesalahan|salah)|có thể (?:mắc lỗi|sai|không chính xác)|실수를 할 수 있|틀릴 수 있/i;
