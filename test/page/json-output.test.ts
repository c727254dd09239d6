// @vitest-environment happy-dom
// A model's output shown as JSON (a demo's JSON component, an API response, a notebook's printed list of dicts): the
// string field that describes the picture is offered under its key and preselected; the raw block never is.
import { describe, expect, it } from 'vitest';
import { jsonFields } from '../../lib/page/json-output';
import { offered } from './caption-snippet';

describe('the describing fields of a JSON value', () => {
  it('a caption field, whatever the casing of its key, before a plain text; labels, ids and numbers are not descriptions', () => {
    expect(jsonFields('{"Caption": "A red car parked on a grey road.", "objects": [{"label": "car", "score": 0.97}], "latency_ms": 412}')).toEqual([
      { key: 'Caption', text: 'A red car parked on a grey road.' },
    ]);
    expect(jsonFields('{"text": "two sheep on a hill at dusk", "altText": "Two sheep graze on a green hill."}')?.map((f) => f.key)).toEqual(['altText', 'text']);
  });

  it('nested or in an array, in a printed Python list of dicts, escapes read', () => {
    expect(jsonFields("[{'generated_text': 'two sheep grazing on a green hill'}]")).toEqual([{ key: 'generated_text', text: 'two sheep grazing on a green hill' }]);
    expect(jsonFields('{"choices": [{"message": {"role": "assistant", "content": "A \\"red\\" bicycle leans\\nagainst a wall."}}], "model": "vision-1"}')).toEqual([
      { key: 'content', text: 'A "red" bicycle leans against a wall.' },
    ]);
    expect(jsonFields('{"captions": ["A dog runs on a beach.", "a dog on sand"]}')).toEqual([{ key: 'captions', text: 'A dog runs on a beach.' }]);
  });

  it("the user's side is never the output: a prompt or an input text", () => {
    expect(jsonFields('{"prompt": "Describe this image in one sentence.", "input_text": "what is shown here", "answer": "A cat sleeps on a red sofa."}')).toEqual([
      { key: 'answer', text: 'A cat sleeps on a red sofa.' },
    ]);
  });

  it('prose with brackets and code around a dict are not JSON', () => {
    expect(jsonFields('[Photo] A cat sleeps on a red sofa: "soft and warm" says the owner.')).toBeNull();
    expect(jsonFields("result = captioner(image)\nprint(result)  # [{'generated_text': 'a cat on a sofa'}]")).toBeNull();
    expect(jsonFields('A cat sleeps on a red sofa.')).toBeNull();
  });
});

describe('a JSON output by the picture', () => {
  it("a demo's JSON component under an output label: the caption field first, labelled by its key; the block offered, not preselected", () => {
    const found = offered(`<div class="row"><div class="col"><div class="block"><label><span>Input image</span></label><div class="image-container"><img id="target" src="car.png" alt=""></div></div><button>Run</button></div>
      <div class="col"><div class="block" data-testid="json"><label><span>Result</span></label><div class="json-holder"><span>{</span>
        <div class="json-node"><span class="key">"caption":</span> <span class="string">"A small red car parked on a grey road."</span>,</div>
        <div class="json-node"><span class="key">"latency_ms":</span> <span class="number">412</span></div><span>}</span></div></div></div></div>`);
    expect(found[0]).toMatchObject({ label: 'caption', preselect: true, text: 'A small red car parked on a grey road.' });
    const raw = found.find((c) => c.text.startsWith('{'));
    expect(raw?.preselect).toBe(false);
  });

  it("a notebook's printed list of dicts after its image output", () => {
    const found = offered(`<div class="jp-OutputArea"><div class="jp-OutputArea-child"><div class="jp-RenderedImage jp-OutputArea-output" data-mime-type="image/png"><img id="target" src="data:image/png;base64,AAAA"></div></div>
      <div class="jp-OutputArea-child"><div class="jp-RenderedText jp-OutputArea-output"><pre>[{'generated_text': 'two sheep grazing on a green hill'}]</pre></div></div></div>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', label: 'generated_text', preselect: true, text: 'two sheep grazing on a green hill' });
  });

  it('an API response in a <pre> under "Response" after the picture', () => {
    const found = offered(`<div class="card"><img id="target" src="bike.jpg" alt=""><h3>Response</h3><pre class="response">{"id": "r-1", "choices": [{"message": {"role": "assistant", "content": "A red bicycle leans against a brick wall."}}]}</pre></div>`);
    expect(found[0]).toMatchObject({ label: 'content', preselect: true, text: 'A red bicycle leans against a brick wall.' });
    expect(found.filter((c) => c.preselect).every((c) => !c.text.startsWith('{'))).toBe(true);
  });
});

describe('an output label with a control between it and its box', () => {
  it('a Copy button after "Légende générée" is not the value; the disabled box after it is', () => {
    const found = offered(`<div class="row"><div class="column"><div class="block"><div class="image-container"><div class="upload"><button class="selectable"><div class="frame"><img id="target" src="house.png" alt=""></div></button></div></div></div></div>
      <div class="column other"><div class="block"><label class="container"><span data-testid="block-info">Légende générée</span><button aria-label="Copier">⧉</button>
      <textarea disabled>Une petite maison jaune au toit rouge se dresse sur une pelouse verte.</textarea></label></div></div></div>`);
    expect(found[0]).toMatchObject({ source: 'demo-output', preselect: true, text: 'Une petite maison jaune au toit rouge se dresse sur une pelouse verte.' });
  });
});

describe("a JSON viewer's rendering", () => {
  it('an index and a toggle before the bracket ("0: ▼{ generated_text: …}") is JSON too', () => {
    expect(jsonFields('0: ▼{ generated_text: "Ein roter Regionalzug steht an einem Bahnsteig." }')).toEqual([{ key: 'generated_text', text: 'Ein roter Regionalzug steht an einem Bahnsteig.' }]);
  });
});
