// @vitest-environment happy-dom
// Shapes from the tuning pages of da9899c, each in other words and markup here: a support chat panel whose parts say
// whose they are only by a class modifier and by their alignment (the customer's part set at the end of the column by
// its own alignment, the assistant's opening with its avatar), with the team's picture in the panel's header; and a
// trace shown as a definition list. Layout is given where the rule reads it.
import { describe, expect, it } from 'vitest';
import { findCaptionCandidates } from '../../lib/page/caption-candidates';
import { offered, page } from './caption-snippet';

describe('a support chat panel whose parts differ by their alignment', () => {
  const ASK = 'Habt ihr diese Tasse noch? Ich habe sie geschenkt bekommen und hätte gern eine zweite.';
  const ANSWER = 'Auf dem Foto ist eine weiß glasierte Tasse mit blauen Tropfen und braunem Rand zu sehen. Diese Serie führen wir leider nicht mehr.';
  const SHEET = '<style>.parts { display: flex; flex-direction: column; gap: 10px } .p { display: flex; gap: 8px } .p-me { align-self: flex-end; flex-direction: row-reverse }</style>';
  const panel = `${SHEET}<div class="panel"><div class="head"><img class="team" src="/team/anna-64.jpg" alt=""><div><strong>Töpferei</strong><div>Antwortet meist in Minuten</div></div></div>
    <div class="parts">
      <div class="p p-them"><img class="av" src="/bot-64.png" alt=""><div><div class="b">Hallo! Wie kann ich helfen?</div></div></div>
      <div class="p p-me"><div><div class="b"><img id="target" src="/uploads/IMG_2041.jpg" alt=""></div><div class="b">${ASK}</div><div class="t">Jetzt</div></div></div>
      <div class="p p-them"><img class="av" src="/bot-64.png?2" alt=""><div><div class="b">${ANSWER}</div><div class="t">Assistent · KI · Jetzt</div></div></div>
    </div></div>`;
  const laidOut = () => {
    const target = page(panel);
    target.getBoundingClientRect = () => new DOMRect(140, 200, 200, 150);
    document.querySelectorAll('.av, .team').forEach((av, i) => (av.getBoundingClientRect = () => new DOMRect(12, 80 + i * 140, 28, 28)));
    return target;
  };

  it("preselects the assistant's answer after the customer's part, never the customer's question", () => {
    const found = findCaptionCandidates(laidOut(), 10_000);
    // Its line of name, "KI" and "Jetzt" (a message's time as the moment it was sent) is not part of it.
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: ANSWER });
    expect(found.filter((c) => c.text.includes('geschenkt'))).toEqual([]);
  });

  it("the team's picture in the panel's header gets no preselection", () => {
    laidOut();
    expect(findCaptionCandidates(document.querySelector('.team')!, 10_000).filter((c) => c.preselect)).toEqual([]);
  });
});

describe('a record written as a definition list', () => {
  const OUT = 'Ein Fischer flickt ein grünes Netz auf der Kaimauer, hinter ihm liegen drei Kutter im Hafen.';
  const ASK = 'Beschreibe das Foto kurz für einen Alternativtext.';
  const record = `<section><dl class="io"><dt>input.image</dt><dd><img id="target" src="/traces/9a/input-0.jpg" alt=""></dd>
    <dt>input.instruction</dt><dd>${ASK}</dd><dt>output.text</dt><dd>${OUT}</dd><dt>model</dt><dd>vision-large-2</dd><dt>latency</dt><dd>2,4 s</dd></dl></section>`;

  it("preselects the output description, labelled by its term; the instruction and the model's name are not captions", () => {
    const found = offered(record);
    expect(found[0]).toMatchObject({ preselect: true, text: OUT, label: 'output.text' });
    expect(found.filter((c) => c.preselect).map((c) => c.text)).toEqual([OUT]);
    expect(found.map((c) => c.text)).not.toContain(ASK);
  });

  it('a picture in a term with its caption in the description is still read as before', () => {
    const found = offered('<dl class="gallery"><dt><img id="target" src="/g/1.jpg" alt=""></dt><dd>Der Hafen von Husum bei Ebbe, im Hintergrund die Marienkirche.</dd></dl>');
    expect(found[0]).toMatchObject({ preselect: true, text: 'Der Hafen von Husum bei Ebbe, im Hintergrund die Marienkirche.' });
  });
});
