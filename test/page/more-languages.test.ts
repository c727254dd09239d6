// @vitest-environment happy-dom
// Requests, output labels, upload labels, answer buttons and notices in languages beyond the extension's locales
// (ro, cs, fi, el, th, fa, he, tr, ko, vi, id, hu, sv): what a chat or a demo prints in them is read as in English.
import { describe, expect, it } from 'vitest';
import { isBookkeeping } from '../../lib/page/output-trim';
import { isOutputLabel, namesAltText, namesTheUpload } from '../../lib/page/ui-labels';
import { DISCLAIMER, isRequestToModel, PROMPT_LABEL } from '../../lib/page/requests';
import { offered } from './caption-snippet';

describe('requests to the model', () => {
  it('are set aside in these languages, verb first, verb last, or written without spaces', () => {
    for (const request of [
      'Descrie această imagine în două propoziții.',
      'Popiš, co je na obrázku.',
      'Kuvaile tämä kuva lyhyesti.',
      'Τι βλέπεις σε αυτή τη φωτογραφία;',
      'ช่วยอธิบายภาพนี้หน่อย',
      'این تصویر را توصیف کن.',
      'Bu fotoğrafı kısaca açıkla.',
      '이 사진을 자세히 설명해 주세요.',
      'Hãy mô tả bức ảnh này.',
      'Jelaskan gambar ini dalam dua kalimat.',
      'Beskriv bilden kort, tack.',
    ])
      expect(isRequestToModel(request), request).toBe(true);
  });

  it('a description in the same languages is not one', () => {
    for (const caption of [
      'Un bătrân citește ziarul pe o bancă în parc.',
      'Στο λιμάνι είναι δεμένες τρεις ψαρόβαρκες.',
      'Järven rannalla seisoo punainen mökki.',
      'Dva cyklisté jedou po mostě přes řeku.',
    ])
      expect(isRequestToModel(caption), caption).toBe(false);
  });
});

describe('labels of an output and of an upload', () => {
  it('output labels', () => {
    for (const label of ['Výsledek', 'Tulos:', 'Αποτέλεσμα', 'ผลลัพธ์', 'نتیجه', 'תשובה', 'Rezultat', 'Kết quả', 'Jawaban:', 'Eredmény']) expect(isOutputLabel(label), label).toBe(true);
  });

  it("an upload's label names the upload, a description does not", () => {
    for (const label of ['Nahraný obrázek', 'Ladattu kuva', 'Imagine încărcată', 'Ανεβασμένη εικόνα', 'รูปภาพที่อัปโหลด', 'پیش‌نمایش تصویر', 'התמונה שהועלתה', 'Yüklenen görsel'])
      expect(namesTheUpload(label), label).toBe(true);
    expect(namesTheUpload('Kuva järvestä auringonlaskun aikaan')).toBe(false);
  });

  it('notices under an answer and a row of controls', () => {
    for (const notice of ['Asistentul poate face greșeli.', 'Tekoäly voi tehdä virheitä.', 'Το μοντέλο μπορεί να κάνει λάθη.', 'הבינה המלאכותית עלולה לטעות.', 'AI có thể mắc lỗi.'])
      expect(DISCLAIMER.test(notice), notice).toBe(true);
    expect(isBookkeeping('Kopioi · Jaa')).toBe(true);
    expect(isBookkeeping('Kopírovat')).toBe(true);
  });
});

describe('a chat whose turns name no role, in Finnish', () => {
  it("is answered by the next alike turn carrying a Copy button in the page's language", () => {
    const answer = 'Kuvassa on punainen puumökki järven rannalla. Laiturin päässä on soutuvene, ja taivas on pilvinen.';
    const found = offered(`<div class="thread">
      <div class="turn"><img id="target" src="/lataukset/mokki.jpg" alt="mokki.jpg"><p>Mitä tässä näkyy? Kerro lyhyesti.</p></div>
      <div class="turn"><p>${answer}</p><div class="bar"><button title="Kopioi">⧉</button><button title="Luo uudelleen">↻</button></div></div>
    </div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: answer });
    expect(found.map((c) => c.text)).not.toContain('Mitä tässä näkyy? Kerro lyhyesti.');
  });
});

describe('posts, fields and demos in these languages', () => {
  it('a Finnish post quoting an AI in ”…” offers the quote first', () => {
    const quote = 'Kuvassa on punainen puumökki järven rannalla ja laiturin päässä soutuvene.';
    const found = offered(`<article class="post"><p>Pyysin tekoälyä kuvailemaan mökkikuvani: ”${quote}” Aika hyvin!</p><div class="media"><img id="target" src="/m/mokki.jpg" alt=""></div></article>`);
    expect(found[0]).toMatchObject({ source: 'quote', preselect: true, text: quote });
  });

  it('a Czech lead-in naming the model before its words offers them first', () => {
    const words = 'Na fotografii je starý dřevěný most přes řeku, za ním les a hory.';
    const found = offered(`<article class="post"><p>Nahrál jsem fotku do jazykového modelu. Tohle odpověděla umělá inteligence:</p><p>${words}</p><div class="media"><img id="target" src="/m/most.jpg" alt=""></div></article>`);
    expect(found[0]).toMatchObject({ source: 'quote', preselect: true, text: words });
  });

  it("alt-text fields, prompt fields and a demo's run button", () => {
    for (const label of ['Alternativní text', 'Vaihtoehtoinen teksti', 'Text alternativ', 'Εναλλακτικό κείμενο', 'ข้อความแสดงแทน', 'متن جایگزین', 'טקסט חלופי'])
      expect(namesAltText(label), label).toBe(true);
    for (const label of ['Kysymys', 'Otázka', 'Ερώτηση', 'คำถาม', 'پرسش', 'שאלה', 'Fråga']) expect(PROMPT_LABEL.test(label), label).toBe(true);
    const found = offered(`<div class="app"><div class="in"><img id="target" src="/u/kuva.png" alt=""></div>
      <button type="button">Lähetä</button><div role="status">Kuvassa on kaksi keltaista kumiankkaa sinisessä vedessä.</div></div>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: 'Kuvassa on kaksi keltaista kumiankkaa sinisessä vedessä.' });
  });
});

describe('a chat whose answer buttons are icons with no words', () => {
  it("is answered by the next alike turn carrying a bar of icon buttons the picture's turn does not", () => {
    const answer = 'Το πλοίο είναι δεμένο στο λιμάνι, με λευκά σπίτια πίσω του και μια εκκλησία με μπλε τρούλο.';
    const found = offered(`<div class="log">
      <div class="entry"><img id="target" src="/up/limani.jpg" alt=""><p>Τι δείχνει αυτή η φωτογραφία;</p></div>
      <div class="entry"><p>${answer}</p><div class="icons"><button><svg viewBox="0 0 8 8"></svg></button><button><svg viewBox="0 0 8 8"></svg></button><button>👍</button><button>👎</button></div></div>
    </div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: answer });
  });
});
