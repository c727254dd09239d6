// @vitest-environment happy-dom
// The parts of a turn that say whose it is or what it cost, met on chat products the development pages imitate (a bot
// header naming the model, a bot badge in a sender line, prompt chunks inside a model's turn, a cost or a scope line beside
// a count). Written here in other shapes and words; the pages are measured in Chromium by bench:captions.
import { describe, expect, it } from 'vitest';
import { isBookkeeping, trimModelText } from '../../lib/page/output-trim';
import { offered } from './caption-snippet';

describe("a bot's header naming the model", () => {
  it('marks the bubble below it as the answer, and the name is not part of it', () => {
    const answer = 'Un faro blanco con una franja roja se alza sobre unas rocas oscuras, bajo un cielo nublado.';
    const found = offered(`<div class="thread">
      <div class="row right"><div class="bubble"><img id="target" src="/att/faro.jpg" alt="faro.jpg"><p>¿Me lo describes en una frase?</p></div></div>
      <div class="row"><div class="bubble left"><div class="reply-botHeader"><img src="/bots/gem.png" alt="" width="20" height="20"> Gemini-2.5-Pro</div>
        <div class="md"><p>${answer}</p></div><div class="foot"><button type="button">Copiar</button><span>Coste: 120 créditos</span></div></div></div>
    </div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: answer });
  });
});

describe('a bot badge in a sender line that is no heading', () => {
  it("makes the whole message the bot's answer, without its name, time or scope line", () => {
    const answer = 'A red tram waits at a stop on a cobbled street while two cyclists pass in front of it.';
    const found = offered(`<ul class="feed">
      <li role="listitem"><span class="author-line"><b>Ines</b> <time>9:02</time></span><p>describer, what is in this one?</p><img id="target" src="/media/tram.jpg" alt="tram.jpg"></li>
      <li role="listitem"><span class="username-line"><b>Describer</b> <span class="bot-tag">BOT</span> <time>9:02</time></span>
        <div class="body"><p>${answer}</p><div class="context">Only visible to you · claude-haiku · 41 words</div></div></li>
    </ul>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: answer });
  });
});

describe("a prompt chunk inside the model's turn", () => {
  it("is the model's words, not the user's", () => {
    const answer = 'Na zdjęciu widać drewniany most nad strumieniem, a za nim las bukowy w jesiennych kolorach.';
    const found = offered(`<div class="session">
      <studio-turn><div class="chat-turn user"><x-prompt-chunk><img id="target" src="/up/most.jpg" alt="most.jpg"></x-prompt-chunk><x-prompt-chunk><p>Co jest na tym zdjęciu?</p></x-prompt-chunk></div></studio-turn>
      <studio-turn><div class="chat-turn model"><x-prompt-chunk><p>${answer}</p></x-prompt-chunk><div class="meta">64 tokens</div></div></studio-turn>
    </div>`);
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true, text: answer });
  });
});

describe('bookkeeping beside a count, and a cost in points', () => {
  it('a short phrase beside a counted figure, and "name: number unit", are bookkeeping; a sentence is not', () => {
    expect(isBookkeeping('Only visible to you · claude-haiku · 41 words')).toBe(true);
    expect(isBookkeeping('Coste: 120 créditos')).toBe(true);
    expect(isBookkeeping('Kosten: 331 Punkte')).toBe(true);
    expect(isBookkeeping('Two boats are moored at the pier · sunset')).toBe(false);
    expect(trimModelText('Ein Hund rennt am Strand.\nKosten: 331 Punkte')).toBe('Ein Hund rennt am Strand.');
  });
});
