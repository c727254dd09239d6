// @vitest-environment happy-dom
// Shapes from the tuning pages of 840ada2, each in other words and markup here: a notebook paragraph that prints a
// picture and then the model's words in one result box right after its code, whatever the renderer calls its boxes;
// and a media library whose selected thumbnail's details (its larger preview and its alt-text field) stand in a panel
// beside the grid, where a check button's hidden label in the thumbnail's item is no caption. Layout is given where
// the rule reads it.
import { describe, expect, it } from 'vitest';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { offered, page } from './caption-snippet';

describe("a notebook paragraph's result box after its code", () => {
  const PRINTED = 'Ein Leuchtturm aus rotem Backstein steht auf einer Düne, davor wächst hohes Strandgras im Wind.';
  const paragraph = (printed: string, code = 'z.show(bild)\nprint(modell.beschreibe(bild))') => `<div class="para"><div class="src-editor">${code}</div>
    <div class="result"><div class="img-box"><img id="target" src="/r/plot-1.png" alt=""></div><div class="text-box">${printed}</div></div>
    <div class="meta">Took 4 sec. Last updated by anonymous at December 03 2026, 4:11:40 PM.</div></div>`;

  it('preselects the text printed after the picture in the result box', () => {
    expect(offered(paragraph(PRINTED))[0]).toMatchObject({ preselect: true, text: PRINTED });
  });

  it('a printed dict of metrics there is code, and the run line after the box is never read', () => {
    const found = offered(paragraph("{'bleu': 0.31, 'cider': 1.02}"));
    expect(found.filter((c) => c.preselect)).toEqual([]);
  });

  it('a box after prose (not code) is no result box', () => {
    const found = offered(paragraph(PRINTED, 'Dieses Bild zeigt den Leuchtturm von Westerhever an einem windigen Morgen'));
    expect(found.filter((c) => c.source === 'demo-output')).toEqual([]);
  });
});

describe("a media library's selected thumbnail and its details panel", () => {
  const ALT = 'Ein schmaler Radweg aus roten Klinkern windet sich zwischen bewachsenen Dünen zum Meer.';
  const item = (name: string, selected: boolean) => `<li role="checkbox" aria-checked="${selected}" class="attachment${selected ? ' selected' : ''}">
    <div class="thumb"><img ${selected ? 'id="target"' : ''} src="/uploads/${name}-150x150.jpg" alt=""></div>${selected ? '<button type="button" class="check"><span class="sr">Abwählen</span></button>' : ''}</li>`;
  const library = `<div class="frame"><ul class="attachments">${item('radweg-duenen', true)}${item('faehre-hafen', false)}</ul>
    <div class="sidebar"><div class="details"><div class="info"><div class="thumb"><img id="preview" src="/uploads/radweg-duenen-300x225.jpg" alt=""></div><div>radweg-duenen.jpg · 842 KB</div></div>
    <span class="setting"><label for="alt">Alternativer Text</label><textarea id="alt">${ALT}</textarea></span></div></div></div>`;
  const laidOut = () => {
    const target = page(library);
    target.getBoundingClientRect = () => new DOMRect(20, 60, 150, 150);
    document.getElementById('preview')!.getBoundingClientRect = () => new DOMRect(700, 60, 120, 90);
    document.getElementById('alt')!.getBoundingClientRect = () => new DOMRect(700, 170, 260, 72);
    return target;
  };

  it("gives the selected thumbnail the alt text of its larger preview's panel, not its check button's label", () => {
    const found = findCaptionCandidates(laidOut(), 10_000);
    expect(found[0]).toMatchObject({ preselect: true, text: ALT });
    expect(found.map((c) => c.text)).not.toContain('Abwählen');
  });

  it('a thumbnail not marked selected gets nothing from the panel', () => {
    laidOut();
    const other = document.querySelector('img[src*="faehre"]')!;
    other.getBoundingClientRect = () => new DOMRect(190, 60, 150, 150);
    expect(findCaptionCandidates(other, 10_000).map((c) => c.text)).not.toContain(ALT);
  });
});

