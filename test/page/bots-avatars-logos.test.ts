// @vitest-environment happy-dom
// A bot's reply on a chat server (a name line with an APP/BOT badge, an embed card with title, description, footer and
// the picture again as its thumbnail), and pictures that stand for someone or something (avatars, logos): what the
// caption dialog preselects for each. Small snippets shaped like those products; the real pages are measured in
// Chromium by bench:captions.
import { describe, expect, it } from 'vitest';
import { aiSurfaceCaption } from '../../lib/page/caption-candidates';
import { offered, page } from './caption-snippet';

const DESCRIPTION = 'Three brown ducks swim in a row across a green pond, the first one leaving a small wake behind it.';
const FOOTER = 'Answers are generated and may contain mistakes • Asked by lina';

/** A channel: a member posts a picture, a bot answers with an embed that shows the picture again as its thumbnail. */
const channel = (posted: string, thumbnail: string, avatar = '<img class="member-avatar" src="/a/lina.webp" alt="">') => `<main>
  <ul aria-label="Messages">
    <li class="msg-item"><div class="msg-body">
      ${avatar}
      <h3 class="msg-head"><span class="msg-author"><span class="author-name">lina</span></span> <time>Yesterday at 09:12</time></h3>
      <div class="msg-text">my old pond photo, what does the bot say?</div>
      <div class="msg-media">${posted}</div>
    </div></li>
    <li class="msg-item"><div class="msg-body">
      <img class="member-avatar" src="/a/describer.webp" alt="">
      <h3 class="msg-head"><span class="msg-author"><span class="author-name">PondDescriber</span><span class="badge-bot">BOT</span></span> <time>Yesterday at 09:13</time></h3>
      <div class="msg-text">Done, lina:</div>
      <div class="rich-card">
        <div class="rich-card-title">Picture description</div>
        <div class="rich-card-description">${DESCRIPTION}</div>
        <div class="rich-card-thumb">${thumbnail}</div>
        <div class="rich-card-footer">${FOOTER}</div>
      </div>
      <div><button>Helpful</button><button>Not helpful</button></div>
    </div></li>
  </ul></main>`;

describe("a bot's reply with an embed answers the picture posted before it", () => {
  it('the posted picture: the embed description is preselected, not the bot name with its badge, the title or the footer', () => {
    const found = offered(channel('<img id="target" src="/m/pond.jpg" alt="Image">', '<img src="/m/pond.jpg?w=80" alt="Image">'));
    expect(found[0]).toMatchObject({ source: 'answer', text: DESCRIPTION, preselect: true });
    const texts = found.map((c) => c.text);
    expect(texts.some((t) => t.includes('PondDescriber'))).toBe(false);
    expect(found.filter((c) => c.preselect).map((c) => c.text)).toEqual([DESCRIPTION]);
  });

  it('the same picture as the embed thumbnail: the embed description is preselected', () => {
    const found = offered(channel('<img src="/m/pond.jpg" alt="Image">', '<img id="target" src="/m/pond.jpg?w=80" alt="Image">'));
    expect(found[0]).toMatchObject({ source: 'answer', text: DESCRIPTION, preselect: true });
    expect(found.filter((c) => c.preselect).map((c) => c.text)).toEqual([DESCRIPTION]);
  });

  it("a member's avatar in the message header gets no preselection", () => {
    const found = offered(channel('<img src="/m/pond.jpg" alt="Image">', '', '<img id="target" class="member-avatar" src="/a/lina.webp" alt="">'));
    expect(found.filter((c) => c.preselect)).toEqual([]);
  });
});

describe('avatars and logos get no preselection: the answers around them belong to the uploaded picture', () => {
  const chat = (menu: string, modelPicture: string) => `<div id="sidebar"><nav>${menu}</nav></div><main>
    <div class="chat-user"><img src="/uploads/kettle.jpg" alt="input"><p>Describe this photo, please.</p></div>
    <div class="chat-assistant"><div class="model-head"><span class="shrink-0">${modelPicture}</span><span>vision-13b</span></div>
      <div class="markdown-prose"><p>A red kettle stands on a gas stove, steam rising from its spout, beside two white mugs.</p></div></div></main>`;

  it("the user's own avatar at the head of the turn the photo was posted in (a wrapper named for it)", () => {
    const html = chat('', '').replace('<div class="chat-user">', '<div class="chat-user"><div class="avatar-wrap"><img id="target" src="/u/rita.png" alt="Rita"></div>');
    expect(offered(html).filter((c) => c.preselect)).toEqual([]);
  });

  it("the user's picture in the account menu (alt: a profile picture in Portuguese)", () => {
    const html = chat('<button><img id="target" src="/u/9.png" alt="Foto de perfil"><span>Rita Lopes</span></button>', '');
    expect(offered(html).filter((c) => c.preselect)).toEqual([]);
    expect(aiSurfaceCaption(page(html)).best).toBeNull();
  });

  it("a site's logo in its banner, whose alt repeats the site's name printed beside it", () => {
    const html = `<div role="banner"><img id="target" src="/static/brand.svg" alt="Duel of Models"><b>Duel of Models</b></div>
      <main><h1>Duel of Models</h1><section><img src="/u/car.jpg" alt="Uploaded image"><p>What is in this image?</p></section></main>`;
    expect(offered(html).filter((c) => c.preselect)).toEqual([]);
  });

  it("an app's logo in its sidebar, named so by its file, above the app's small-print note", () => {
    const html = `<section class="appSidebar"><div class="block">
      <div class="el"><img id="target" src="/media/lab_logo.png" alt="0" width="64"></div>
      <div class="el"><h3>Settings</h3></div>
      <div class="el"><div class="small-caption"><p>This demo was made by a vision lab. Uploaded pictures are never stored on our servers.</p></div></div>
    </div></section>`;
    expect(offered(html).filter((c) => c.preselect)).toEqual([]);
  });

  it("a photograph whose long alt mentions a logo is still described by its alt", () => {
    const alt = 'A worker polishes the large brass logo above the entrance of the old railway station';
    expect(offered(`<article><p>Story text.</p><img id="target" src="/p/station.jpg" alt="${alt}"></article>`)[0]).toMatchObject({ text: alt, preselect: true });
  });

  it('a figure whose file is named for a logo keeps its figcaption preselected', () => {
    const caption = 'The rail company unveiled its new logo on the front of the main station on Monday.';
    expect(offered(`<article><figure><img id="target" src="/p/new-logo.jpg" alt=""><figcaption>${caption}</figcaption></figure></article>`)[0]).toMatchObject({ text: caption, preselect: true });
  });

  it("an artwork named after its artist, in a theme's box named for its sidebar, keeps its caption preselected", () => {
    const html = `<div class="siteContentWithSidebar"><div class="entry"><p>Story text.</p>
      <div class="wp-caption"><img id="target" aria-describedby="cap-1" src="/u/work.jpg" alt="Rosa Lind"><p id="cap-1" class="wp-caption-text">Rosa Lind: Night garden</p></div></div></div>`;
    expect(offered(html)[0]).toMatchObject({ text: 'Rosa Lind: Night garden', preselect: true });
  });

  it('a posted picture in a chat keeps its answer preselected', () => {
    const html = chat('', '').replace('src="/uploads/kettle.jpg"', 'id="target" src="/uploads/kettle.jpg"');
    expect(offered(html)[0]).toMatchObject({ source: 'answer', preselect: true });
  });
});
