// @vitest-environment happy-dom
// Three shapes read by structure: a record drawn as a card of titled fields (an annotation tool's bulk view, a data
// browser's item), an asset form whose description field is set beside the asset's preview, and an icon without an alt
// in a list to choose from (a sidebar's assistants). Also how many words a caption holds in a script without spaces.
// Layout-free snippets (the icon's size is given); the pages are measured by bench:captions.
import { describe, expect, it } from 'vitest';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { wordCount } from '../../lib/page/caption-text';
import { isOutputLabel, namesAltText } from '../../lib/page/ui-labels';
import { offered, page } from './caption-snippet';

describe('words in scripts written without spaces between words', () => {
  it.each([
    ['th', 'เรือประมงลำเล็กสีฟ้าจอดอยู่บนหาดทราย มีภูเขาอยู่ไกลออกไป'],
    ['lo', 'ເຮືອຫາປາລຳນ້ອຍສີຟ້າຈອດຢູ່ເທິງຫາດຊາຍ ມີພູຢູ່ໄກອອກໄປ'],
    ['my', 'ပင်လယ်ကမ်းခြေပေါ်တွင် အပြာရောင်ငါးဖမ်းလှေငယ်တစ်စီး ရပ်နားထားသည်'],
  ])('a sentence in %s counts as many words, not two or three', (_, sentence) => {
    expect(wordCount(sentence)).toBeGreaterThanOrEqual(6);
  });

  it('a short label stays short', () => {
    expect(wordCount('รูปภาพ')).toBeLessThan(3);
  });
});

describe('a field named as an identifier', () => {
  it.each(['model_caption', 'generatedCaption', 'llm_output', 'vlm_response'])('%s names an output', (label) => expect(isOutputLabel(label)).toBe(true));
  it('alt_text names alt text; model_name and prompt_id name neither', () => {
    expect(namesAltText('alt_text')).toBe(true);
    expect(isOutputLabel('model_name') || namesAltText('model_name')).toBe(false);
    expect(isOutputLabel('prompt_id')).toBe(false);
  });
});

describe('a record drawn as a card of titled fields', () => {
  const PROMPT = 'ช่วยบรรยายภาพนี้เป็นสองประโยคสั้นๆ';
  const CAPTIONS = [
    'เรือประมงลำเล็กสีฟ้าจอดอยู่บนหาดทราย มีภูเขาอยู่ไกลออกไปใต้ท้องฟ้าครึ้ม',
    'ประภาคารสีขาวตั้งอยู่บนโขดหิน คลื่นเล็กๆ ซัดเข้าหาฝั่งรอบโขดหิน',
    'ดอกบัวสีชมพูสามดอกบานอยู่ในสระ ใบบัวสีเขียวลอยอยู่บนผิวน้ำ',
  ];
  const record = (i: number, text: string) => `<article class="card" data-id="r${i}"><div class="head"><input type="checkbox"><span>#${i}</span></div>
    <div class="body"><div class="fld"><label>image</label><div><img ${i === 2 ? 'id="target"' : ''} src="/files/${i}.jpg" alt=""></div></div>
    <div class="fld"><label>instruction</label><div>${PROMPT}</div></div>
    <div class="fld"><label>text</label><div>${text}</div></div>
    <div class="fld"><label>annotator</label><div>somchai</div></div></div></article>`;

  it("preselects the text field of the picture's own record, labelled by its title; other records' texts and the prompt are not offered", () => {
    const found = offered(`<main><div class="list">${CAPTIONS.map((c, i) => record(i + 1, c)).join('')}</div></main>`);
    expect(found[0]).toMatchObject({ preselect: true, text: CAPTIONS[1], label: 'text' });
    const texts = found.map((c) => c.text);
    expect(texts).not.toContain(CAPTIONS[0]);
    expect(texts).not.toContain(CAPTIONS[2]);
    expect(texts).not.toContain(PROMPT);
  });

  it('a field repeated alike in every record (the same words sent with each picture) is set aside even untitled as a prompt', () => {
    const SAME = 'Beschreibe das Bild in zwei kurzen Sätzen für die Bildunterschrift.';
    const rec = (i: number, text: string) => `<div class="rec"><div class="f"><b>bild</b><div><img ${i === 1 ? 'id="target"' : ''} src="/b/${i}.png" alt=""></div></div>
      <div class="f"><b>eingabe</b><div>${SAME}</div></div><div class="f"><b>antwort_modell</b><div>${text}</div></div></div>`;
    const texts = ['Ein rotes Fahrrad lehnt an einer weiß gestrichenen Hauswand.', 'Zwei Möwen sitzen auf einem hölzernen Steg am Hafen.'];
    const found = offered(`<section>${rec(1, texts[0]!)}${rec(2, texts[1]!)}</section>`);
    expect(found[0]).toMatchObject({ preselect: true, text: texts[0] });
    expect(found.map((c) => c.text)).not.toContain(SAME);
  });

  it('a single record (focus view) with its caption field named as an identifier', () => {
    const CAPTION = 'Um bonde amarelo sobe uma rua estreita de paralelepípedos entre casas antigas.';
    const found = offered(`<main><div class="record"><div class="field"><p class="title">image</p><div class="content"><img id="target" src="/r/9.jpg" alt=""></div></div>
      <div class="field"><p class="title">generatedCaption</p><div class="content">${CAPTION}</div></div>
      <div class="field"><p class="title">model</p><div class="content">qwen2.5-vl-7b</div></div></div></main>`);
    expect(found[0]).toMatchObject({ preselect: true, text: CAPTION });
  });

  it('a person card (a picture beside a name and a bio, no titled picture field) gets no preselection', () => {
    const found = offered(`<main><div class="person"><div class="pic"><img id="target" src="/people/ana.jpg" alt=""></div><h3>Ana Ruiz</h3>
      <div class="f"><span>Bio</span><p>Ana writes about trains, old maps and the coast of Galicia for a small weekly paper.</p></div>
      <div class="f"><span>Role</span><p>Editor</p></div></div></main>`);
    expect(found.filter((c) => c.preselect)).toEqual([]);
  });
});

describe("an asset's form: a description field beside the asset's preview", () => {
  const DESCRIPTION = 'Fünf rote Granatäpfel in einer weißen Keramikschale auf einem Holztisch, einer davon halbiert.';
  const form = (label: string, value: string) => `<main><div class="editor">
    <div class="field"><label for="t">Titel</label><input id="t" type="text" value="Granatäpfel"></div>
    <div class="field"><label for="d">${label}</label><textarea id="d">${value}</textarea><div class="help">Wird als Alternativtext verwendet.</div></div>
    <div class="field"><label>Datei</label><div class="asset"><img id="target" src="/assets/granat.jpg?w=520" alt="Granatäpfel"><div>granat.jpg · 2400 × 1800</div></div></div></div></main>`;

  // Laid out as the form stands: the description box above the preview.
  const laidOut = (html: string) => {
    const target = page(html);
    target.getBoundingClientRect = () => new DOMRect(40, 300, 260, 195);
    document.querySelector('textarea')!.getBoundingClientRect = () => new DOMRect(40, 120, 680, 110);
    return findCaptionCandidates(target, 10_000);
  };

  it('its words are preselected, with a language and an "AI generated" badge set in the label', () => {
    const found = laidOut(form('Beschreibung <span class="locale">Deutsch (de)</span> <span class="badge">✦ KI-generiert</span>', DESCRIPTION));
    expect(found[0]).toMatchObject({ preselect: true, text: DESCRIPTION });
  });

  it('in French, a "Légende" field', () => {
    const LEGENDE = 'Un bateau de pêche bleu échoué sur une plage de sable à marée basse, sous un ciel gris.';
    expect(laidOut(form('Légende <span>Français (fr)</span>', LEGENDE))[0]).toMatchObject({ preselect: true, text: LEGENDE });
  });

  it('a field labelled as a prompt stays the user\'s words, with or without a badge', () => {
    const found = laidOut(form('Prompt <span class="badge">Pflichtfeld</span>', 'Erzeuge ein Bild von Granatäpfeln in einer Schale'));
    expect(found.filter((c) => c.preselect)).toEqual([]);
  });
});

describe('an icon without an alt in a list to choose from', () => {
  it("a sidebar's assistant picture before its name and line gets no preselection", () => {
    const target = page(`<div class="app"><div role="listbox">
      <div role="option" class="item"><img id="target" src="/agents/translator.svg" alt=""><div><div>Aistritheoir Gaeilge</div><div>Aistriúchán go Béarla</div></div></div>
      <div role="option" class="item"><img src="/agents/chat.svg" alt=""><div><div>Just Chat</div><div>gpt-4o-mini</div></div></div></div></div>`);
    target.getBoundingClientRect = () => new DOMRect(10, 10, 40, 40);
    expect(findCaptionCandidates(target, 10_000).filter((c) => c.preselect)).toEqual([]);
  });
});
