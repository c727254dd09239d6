// Words an app's own interface puts by a picture and its output, as opposed to words about the picture: the alt or
// label of an upload's preview ("Preview of the uploaded image", "Aperçu de l'image téléversée", "アップロードされた画像"),
// and an output's heading with the model named in it ("Réponse du modèle", "Model's answer", "Antwort des Modells") or
// as an example ("Esempio di output:", "Beispielausgabe").
// Pure text tests, in the extension's languages and ja, zh.
import { collapse, wordCount } from './caption-text';
import { NAMES_PICTURE, OUTPUT_LABEL, PROMPT_LABEL, UPLOAD_LABEL } from './requests';

/**
 * Words of an upload's interface: the picture as a thing handled (image, file), what was done to it (uploaded,
 * selected, attached), where it is shown (preview, thumbnail), and the small words between them. Lower case.
 */
const UI_WORDS = new Set([
  // en
  'uploaded', 'upload', 'preview', 'previewed', 'selected', 'chosen', 'attached', 'attachment', 'input', 'thumbnail', 'image', 'picture',
  'photo', 'file', 'your', 'my', 'the', 'a', 'an', 'of', 'current', 'dropped', 'pasted', 'submitted', 'user', 'query', 'source', 'original',
  // de
  'hochgeladen', 'hochgeladene', 'hochgeladenes', 'hochgeladenen', 'vorschau', 'bildvorschau', 'ausgewählt', 'ausgewählte', 'ausgewähltes',
  'ausgewählten', 'angehängt', 'angehängte', 'angehängtes', 'anhang', 'eingabe', 'eingabebild', 'bild', 'bildes', 'foto', 'fotos', 'datei',
  'ihr', 'ihre', 'ihres', 'dein', 'deine', 'deines', 'des', 'der', 'die', 'das', 'vom', 'von', 'zum',
  // fr
  'aperçu', 'téléversée', 'téléversé', 'téléchargée', 'téléchargé', 'importée', 'importé', 'envoyée', 'sélectionnée', 'chargée', 'jointe',
  'pièce', 'fichier', 'votre', 'ton', 'ta', 'de', "l'", 'la', 'le', 'du', "d'", 'image', 'photo', 'vignette',
  // es
  'vista', 'previa', 'previsualización', 'imagen', 'subida', 'cargada', 'seleccionada', 'adjunta', 'adjunto', 'archivo', 'entrada', 'tu', 'su',
  'el', 'del', 'miniatura',
  // it
  'anteprima', 'immagine', 'caricata', 'selezionata', 'allegata', 'allegato', 'tua', 'tuo', 'della', "dell'", 'di', 'il',
  // pt
  'pré-visualização', 'visualização', 'prévia', 'imagem', 'enviada', 'carregada', 'selecionada', 'anexada', 'anexo', 'arquivo', 'ficheiro',
  'sua', 'seu', 'da', 'do', 'o',
  // uk
  'завантажене', 'зображення', 'попередній', 'перегляд', 'вибране', 'файл', 'фото',
  // ar
  'معاينة', 'الصورة', 'صورة', 'المرفوعة', 'المحملة', 'المختارة', 'المرفقة', 'ملف', 'الإدخال',
  // hi
  'अपलोड', 'की', 'गई', 'छवि', 'तस्वीर', 'पूर्वावलोकन', 'फ़ाइल',
  // ro, cs, sk, hu, fi, sv, tr, pl, el, fa, he, id, vi, ko
  'imagine', 'imaginea', 'încărcată', 'încărcat', 'previzualizare', 'fișier', 'atașată', 'selectată', 'nahraný', 'nahraná', 'nahrané',
  'nahraného', 'obrázek', 'obrázku', 'obrázok', 'náhled', 'náhľad', 'soubor', 'súbor', 'příloha', 'vybraný', 'feltöltött', 'kép', 'előnézet', 'előnézete',
  'fájl', 'ladattu', 'kuva', 'esikatselu', 'tiedosto', 'liite', 'valittu', 'uppladdad', 'uppladdade', 'bild', 'förhandsvisning', 'fil',
  'bifogad', 'yüklenen', 'görsel', 'resim', 'önizleme', 'dosya', 'przesłane', 'przesłany', 'zdjęcie', 'obraz', 'podgląd', 'plik', 'załącznik',
  'εικόνα', 'ανεβασμένη', 'μεταφορτωμένη', 'προεπισκόπηση', 'αρχείο', 'συνημμένο', 'της', 'η', 'تصویر', 'بارگذاری‌شده', 'بارگذاری', 'شده',
  'پیش‌نمایش', 'فایل', 'پیوست', 'תמונה', 'שהועלתה', 'התמונה', 'תצוגה', 'מקדימה', 'קובץ', 'מצורף', 'gambar', 'diunggah', 'yang', 'pratinjau',
  'berkas', 'lampiran', 'ảnh', 'hình', 'đã', 'tải', 'lên', 'xem', 'trước', 'tệp', '업로드된', '업로드한', '이미지', '미리보기', '파일', '첨부',
]);
/** The same for scripts written without spaces (ja, zh): removed as runs of characters. */
const UI_RUNS = /รูปภาพที่อัปโหลด|ภาพที่อัปโหลด|ที่อัปโหลด|อัปโหลด|รูปภาพ|ตัวอย่าง|ไฟล์|ภาพ|アップロードされた|アップロードした|アップロード|プレビュー|選択された|選択した|添付された|添付|入力|画像|写真|ファイル|上传的|已上传|上传|预览|預覽|所选|选中的|已选择|附件|输入|图片|圖片|图像|照片|文件|の|的|された|した/gu;

/**
 * An upload's interface label, not a description of what it shows: "Uploaded image", "Preview of the uploaded image",
 * "Aperçu de l'image téléversée", "Vorschau des hochgeladenen Bildes", "アップロードされた画像のプレビュー".
 */
export function namesTheUpload(text: string): boolean {
  const t = collapse(text).toLowerCase();
  if (!t) return false;
  if (UPLOAD_LABEL.test(t)) return true;
  const rest = t
    .replace(UI_RUNS, ' ')
    .replace(/[’]/g, "'")
    .split(/[\s.,:;!?()[\]"«»“”]+|(?<=['])/u)
    .filter((w) => w && !UI_WORDS.has(w) && !UI_WORDS.has(w.replace(/s$/, '')));
  return rest.length === 0 && /\p{L}/u.test(t);
}

/** A field's name written as an identifier ("model_caption", "generatedCaption", "alt_text") in words: "model caption". */
export const spelledOut = (label: string) => (/\s/.test(label.trim()) ? label : label.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/_+/g, ' ').toLowerCase());

/** Words that name the model in an output's heading ("du modèle", "Model's", "KI-", "van het model", "modelu"), taken off before the label is read. */
const MODEL_NAMED =
  /^(?:the\s+)?(?:model|ai|assistant|bot|llm|vlm)(?:['’]s)?\s+|\s+(?:of|from|by)\s+the\s+(?:model|ai|assistant)$|^(?:ki|ai|ia)[-\s]|\s+(?:des|vom)\s+modell?s?$|^modell-?|\s+(?:du|de l['’])\s*(?:modèle|ia)$|\s+del\s+(?:modelo|modello)$|\s+dell['’]\s*ia$|\s+(?:do|da)\s+(?:modelo|ia)$|^モデルの?|^模型(?:的)?|\s*النموذج$|\s+(?:моделі|модели|нейромережі|нейросети)$|\s+van het model$|\s+(?:från|av) modellen$|^modellens\s+|\s+modelu$|^modelin\s+|^모델의?\s*/iu;
/** Words that name the picture in an output's heading ("Image description", "Descripción de la imagen", "画像の説明"). */
const PICTURE_NAMED =
  /^(?:image|picture|photo|foto)\s+|\s+(?:of the (?:image|picture|photo)|de la (?:imagen|foto)|de l['’](?:image|photo)|des (?:bildes|fotos)|dell['’]immagine|della foto|da (?:imagem|foto)|зображення|изображения|фото)$|^(?:画像|写真|图片|圖片|照片)の?/iu;
/** Words that make a label an example or an edit of the output ("Example output", "Esempio di output", "Beispielausgabe", "出力例", "Verbeterde beschrijving", "Légende corrigée"). */
const EXAMPLE_OF =
  /^(?:example|sample|expected|predicted|final|generated)\s+|^(?:exemple|ejemplo|esempio|exemplo)\s+(?:de|di|d['’])\s*|^beispiel-?|^erwartete\s+|\s+(?:example|attendue?|esperad[oa]|attes[oa])$|\s*\(.{1,20}\)$|例$|^示例|示例$|^(?:corrected|suggested|proposed|edited|improved|revised|korrigierte|vorgeschlagene|verbesserte|überarbeitete|verbeterde|gecorrigeerde|voorgestelde|poprawion[ya]|sugerowan[ya])\s+|\s+(?:corrigée?|proposée?|suggérée?|corregid[oa]|propuest[oa]|sugerid[oa]|corrett[oa]|propost[oa]|suggerit[oa]|corrigid[oa]|poprawion[ya])$/iu;
/** A step's number before a heading ("3. Answer", "Step 3:", "Schritt 3 –"). */
const STEP = /^(?:(?:step|schritt|étape|paso|passo|etapa)\s*)?\d+\s*[.):–-]\s*/iu;

/**
 * A label a demo or an app puts on what the model wrote: "Output", "Caption", "Ergebnis" (requests.ts's list), also
 * with the model or the picture named ("Réponse du modèle", "Model's answer", "KI-Antwort", "モデルの回答", "Image
 * description", "Descripción de la imagen") or a step's number before it ("3. Answer").
 */
export function isOutputLabel(text: string): boolean {
  const t = spelledOut(collapse(text)).replace(STEP, '');
  const bare = t.replace(/\s*[:：]$/, '').replace(MODEL_NAMED, '').replace(PICTURE_NAMED, '').trim();
  return OUTPUT_LABEL.test(t) || OUTPUT_LABEL.test(bare) || OUTPUT_LABEL.test(bare.replace(EXAMPLE_OF, '').trim());
}

/** A word naming what a program prints or a service returns ("output", "Ausgabe", "response", "输出", "出力", "출력", "응답"), in the extension's languages and more. */
const OUTPUT_WORD =
  /(?<![\p{L}\p{N}])(?:output|ausgabe|sortie|salida|uscita|saída|uitvoer|utdata|wyjście|çıktı|вывод|вихід|výstup|kimenet|tuloste|ieșire|ieşire|έξοδος|خروجی|פלט|keluaran|đầu ra|आउटपुट|المخرجات|الناتج|response|antwort|réponse|respuesta|risposta|resposta|odpowiedź|ответ|відповідь)(?![\p{L}\p{N}])|输出|輸出|出力|출력|เอาต์พุต|响应|レスポンス|応答|응답/iu;
/** Longest lead-in to an example's output ("The output should look something like this:"). */
const LEAD_IN_WORDS = 14;

/**
 * A short line ending in a colon that speaks of the output or the response ("The output might look like this:", "Die
 * Ausgabe sieht etwa so aus:", "输出可能如下所示：", "You should get a response like:"): on a page that shows code, what
 * follows it is the output, as after an output label.
 */
export function isOutputLeadIn(text: string): boolean {
  const t = collapse(text);
  return /[:：]$/.test(t) && wordCount(t) <= LEAD_IN_WORDS && OUTPUT_WORD.test(t) && !!document.querySelector('pre, code');
}

/**
 * The first line after an example's picture, one or two words ending in a colon ("Result:", in any language), on a
 * page that shows code: it labels what the example printed, as an output label does (never a prompt's label).
 */
export function isExampleLabel(text: string, firstAfterPicture: boolean): boolean {
  const t = collapse(text);
  return firstAfterPicture && /[:：]$/.test(t) && wordCount(t) <= 2 && !PROMPT_LABEL.test(t.toLowerCase()) && !!document.querySelector('pre, code');
}

/** A printed value that begins with its output label ("Legenda: um guarda-sol …", "Caption: a dog …"): the words after it. */
export function withoutOutputLabel(text: string): string {
  const labelled = /^([^\n:：]{1,30})[:：][ \t]*(\S[\s\S]*)$/u.exec(text.trim());
  return labelled && isOutputLabel(labelled[1]!) ? labelled[2]! : text;
}

/** Most words of a label's question about the picture ("What's in the image?"); a longer one asks something of it. */
const SHOWS_QUESTION_WORDS = 7;
/**
 * A label that opens by asking what the picture shows ("What's in the image?", "Ce este în imagine?", "Was ist auf dem
 * Bild?"): a short question naming the picture, its answer — the description — is what the box under it holds.
 */
function asksWhatPictureShows(label: string): boolean {
  const question = /^[^?？؟.!]{3,60}[?？؟]/u.exec(label)?.[0] ?? '';
  return !!question && question.split(/\s+/).length <= SHOWS_QUESTION_WORDS && NAMES_PICTURE.test(question);
}

/**
 * The label of a box that holds a picture's alt text or description, written by an alt-text generator or its author
 * ("Alternative Text", "Alternativer Text", "Texte alternatif", "Image description", "대체 텍스트"): what it says is
 * about the picture, even where the user may edit it.
 */
export function namesAltText(label: string): boolean {
  return asksWhatPictureShows(collapse(label)) || /^(?:alt|alt(?:ernative|ernativer|ernatieve|ernativ)?[\s-]*(?:text|tekst)|alternative description|texte alternatif|texto alternativo|testo alternativo|tekst alternatywny|alternatif metin|альтернативный текст|альтернативний текст|image description|description of the image|bildbeschreibung|beschreibung des bildes|description de l['’]image|descripción de la imagen|descrizione dell['’]immagine|descrição da imagem|대체 텍스트|代替テキスト|替代文本|替代文字|النص البديل|वैकल्पिक पाठ|alternativní text|alternatívny text|vaihtoehtoinen teksti|text alternativ|εναλλακτικό κείμενο|ข้อความแสดงแทน|ข้อความทดแทน|متن جایگزین|טקסט חלופי|alternatif metin|alternatív szöveg|teks alternatif|văn bản thay thế|bildbeskrivning|kuvan kuvaus|popis obrázku|descrierea imaginii|περιγραφή εικόνας|คำอธิบายรูปภาพ|توضیح تصویر|תיאור התמונה|görsel açıklaması|이미지 설명)(?![\p{L}\p{N}])/iu.test(spelledOut(collapse(label)).replace(/\s*[:：*]$/, ''));
}
