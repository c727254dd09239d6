// @vitest-environment happy-dom
// Shapes met on held-out-6: a messenger's bot answering a photo sent with the request as its caption (messages marked
// only as one's own, by class word or by read ticks), and a picture in a chat page's sidebar beside a model picker.
import { describe, expect, it } from 'vitest';
import { offered } from './caption-snippet';

const ANSWER = 'A row of fishing boats pulled up on a pebble beach, nets drying on the hulls.';
const REQUEST = 'What do you see in this photo? Describe it in detail.';

/** A messenger's conversation: `own` marks the person's message (a class word, or ticks after its time). */
const messenger = (ownClass: string, ticks: string) => `<div class="MessageList"><div class="messages-container">
  <div class="group"><div class="Message list-item ${ownClass}" data-message-id="11">
    <div class="content"><div class="media"><img id="target" src="/progressive/photo11_y.jpg" width="320" height="240" alt=""></div>
    <div class="text-content">${REQUEST}<span class="meta"><span>03:07</span><span>${ticks}</span></span></div></div></div></div>
  <div class="group"><div class="avatar"><img src="/a/bot_avatar.jpg?size=small" alt="" width="32" height="32"></div>
    <div class="Message list-item" data-message-id="12"><div class="content">
      <div class="title"><span>Describer</span><span class="badge">bot</span></div>
      <div class="text-content">${ANSWER}<span class="meta"><span>03:08</span></span></div></div>
      <div class="buttons"><button>Shorter</button><button>Translate</button></div></div></div>
  <div class="group"><div class="Message list-item ${ownClass}" data-message-id="13"><div class="content"><div class="text-content">thanks!<span class="meta"><span>03:09</span><span>${ticks}</span></span></div></div></div></div>
</div></div>`;

describe('a photo sent to a messenger bot with the request as its caption', () => {
  it.each([
    ['marked by a class word', 'own', ''],
    ['marked only by read ticks after the time', '', '✓✓'],
  ])('is answered by the next message not the sender’s (%s)', (_, ownClass, ticks) => {
    const found = offered(messenger(ownClass, ticks));
    expect(found[0]).toMatchObject({ source: 'answer', preselect: true });
    expect(found[0]!.text).toContain(ANSWER);
    expect(found[0]!.text).not.toMatch(/03:08|Describer|Shorter/);
    // The request is the sender's own words: never offered as the picture's caption.
    expect(found.filter((c) => c.text.includes(REQUEST))).toEqual([]);
  });

  it('is not answered by a message of the same sender', () => {
    const html = messenger('own', '✓✓').replace('<div class="Message list-item" data-message-id="12">', '<div class="Message list-item own" data-message-id="12">');
    expect(offered(html).some((c) => c.source === 'answer')).toBe(false);
  });
});

describe('a picture in a chat page’s sidebar', () => {
  it('is answered by no turn, and a model picker’s label is no answer', () => {
    const found = offered(`<nav aria-label="Chat history" class="sidebar"><a href="/gpts"><img id="target" class="h-6 w-6 rounded-full" src="/assets/gpts-explore-icon.png" alt=""><span>Explore GPTs</span></a></nav>
      <main><div class="sticky top-0"><button aria-haspopup="menu" data-testid="model-switcher-dropdown-button">ChatGPT <span>4o</span></button></div>
      <div data-message-author-role="user"><img src="/files/beach.jpg" width="400" height="300" alt=""><p>${REQUEST}</p></div>
      <div data-message-author-role="assistant"><p>${ANSWER}</p></div></main>`);
    expect(found.filter((c) => c.preselect)).toEqual([]);
    expect(found.map((c) => c.text)).not.toContain('ChatGPT 4o');
    expect(found.some((c) => c.source === 'answer')).toBe(false);
  });
});
