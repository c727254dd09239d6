// @vitest-environment happy-dom
// Ranking by markup evidence on small snippets shaped like real pages (layout-free; the layout part,
// nearby text by distance, is covered in Chromium by the chooser's browser tests and bench:captions).
import { describe, expect, it } from 'vitest';
import { listCaptionedImages } from '../../lib/page/captioned-images';
import { page, preselected } from './caption-snippet';

describe('rankCaptions: captions tied to the image by markup', () => {
  it.each([
    [
      'figcaption with an inline credit span, no space between them',
      `<figure><img id="target" src="a.jpg" alt=""><figcaption><span class="caption">Facebook CEO Mark Zuckerberg at a press event.</span><span class="credit">Photo by James Martin/CNET</span></figcaption></figure>`,
      'Facebook CEO Mark Zuckerberg at a press event.',
      'Photo by James Martin/CNET',
    ],
    [
      'credit element beside the figcaption, inside the figure',
      `<figure><img id="target" src="a.jpg"><div class="image__credit">ASSOCIATED PRESS</div><figcaption class="image__caption">Donald Trump speaks to reporters.</figcaption></figure>`,
      'Donald Trump speaks to reporters.',
      'ASSOCIATED PRESS',
    ],
    [
      'WordPress wp-caption with the agency in the text',
      `<div class="wp-caption"><img id="target" src="a.jpg" alt="wp-image-1"><p class="wp-caption-text">A red tram crosses the old bridge. Foto: Estudios Revolución</p></div>`,
      'A red tram crosses the old bridge.',
      'Foto: Estudios Revolución',
    ],
    [
      'MediaWiki thumbcaption with footnote markers',
      `<figure class="thumb"><a href="/File:X.png" class="image"><img id="target" src="x.png" alt="X.png"></a><figcaption class="thumbcaption">The spell path as seen in the game[1]</figcaption></figure>`,
      'The spell path as seen in the game',
      '',
    ],
    [
      'caption in a following sibling div, one element away',
      `<div class="dnd-atom"><div class="image"><img id="target" src="bandb2.jpg" alt="bandb2.jpg"></div><div class="dnd-caption-wrapper"><p>Even posh hotels might not wash a blanket between stays</p></div></div><p>1. Take any blankets off the bed</p>`,
      'Even posh hotels might not wash a blanket between stays',
      '',
    ],
    [
      'Blogger tr-caption table',
      `<table class="tr-caption-container"><tr><td><img id="target" src="b.jpg"></td></tr><tr><td class="tr-caption">A paper planet hangs above the desk.</td></tr></table>`,
      'A paper planet hangs above the desk.',
      '',
    ],
    [
      'WordPress gallery: dt image, dd caption',
      `<dl class="gallery-item"><dt class="gallery-icon"><a href="/k.png"><img id="target" src="k.png" alt="Klavier"></a></dt><dd class="wp-caption-text gallery-caption">Ein altes Klavier im Salon</dd></dl>`,
      'Ein altes Klavier im Salon',
      '',
    ],
    [
      'itemprop=caption',
      `<div><img id="target" src="c.jpg"><span itemprop="caption">Fishing boats at anchor in the harbour.</span></div>`,
      'Fishing boats at anchor in the harbour.',
      '',
    ],
    [
      'data-caption on the lightbox link, credit in parentheses',
      `<a href="big.jpg" data-caption="A halibut on the deck of the Polaris. (Ellen M. Banner / The Seattle Times)"><img id="target" src="small.jpg"></a>`,
      'A halibut on the deck of the Polaris.',
      'Ellen M. Banner / The Seattle Times',
    ],
    [
      'aria-describedby',
      `<p id="d">A grey cat sleeps on a windowsill.</p><img id="target" src="c.jpg" aria-describedby="d">`,
      'A grey cat sleeps on a windowsill.',
      '',
    ],
    [
      'gallery list item with its text',
      `<ul class="gallery"><li><img id="target" src="1.jpg"><p>Runners at the start line.</p></li><li><img src="2.jpg"><p>The finish.</p></li></ul>`,
      'Runners at the start line.',
      '',
    ],
    [
      'a numbered figure paragraph right after the image',
      `<p><img id="target" src="fig1.png" alt="plot"></p><p>Figure 1: Barchart with default font sizes.</p><p>Figure 1 illustrates how our plot looks.</p>`,
      'Figure 1: Barchart with default font sizes.',
      '',
    ],
    [
      'italic line after the image in its own wrapper, credit link in parentheses',
      `<div class="image-right"><img id="target" src="1952.jpg" alt="170307AtomicWarNYC1.jpg"><br><i>Propaganda looked cooler in 1952. (<a href="https://commons.example/x">Public domain</a>)</i></div>`,
      'Propaganda looked cooler in 1952.',
      'Public domain',
    ],
    [
      'a credit element the page marks as such, before the caption text, in words no credit pattern knows',
      `<div class="article__img"><img id="target" src="inline-3.jpg" alt=""><div class="img__caption"><span class="img-copyright">Lakeland tourist board</span><div class="caption__small">Summer and winter alike, the harbour is worth a trip.</div></div></div>`,
      'Summer and winter alike, the harbour is worth a trip.',
      'Lakeland tourist board',
    ],
    [
      'an organisation credit in parentheses in its own credit element',
      `<figure><img id="target" src="stadium.jpg" alt="Rendering of the stadium"><div class="Figure-content"><div class="Figure-caption">A rendering of the proposed stadium by the river.</div><div class="Figure-credit">(State University Athletics)</div></div></figure>`,
      'A rendering of the proposed stadium by the river.',
      'State University Athletics',
    ],
    [
      'a name credit spelled with combining marks (a page saved in decomposed Unicode)',
      `<figure><img id="target" src="g.jpg" alt=""><figcaption>Boats in the harbour at dusk.<br>Jo\u0308rg Mo\u0308ller/Visit Go\u0308teborg</figcaption></figure>`,
      'Boats in the harbour at dusk.',
      'Jörg Möller/Visit Göteborg',
    ],
  ])('%s', (_kind, html, text, credit) => {
    expect(preselected(page(html))).toEqual({ text, credit });
  });

  it('an alt that begins the page title (but is not the title) still describes the picture', () => {
    const image = page(
      `<h1>Take a tour inside the actress's desert retreat</h1><figure class="inline-image"><img id="target" src="kitchen-161222.jpg" alt="The actress's Palm Springs home"><figcaption><span class="caption__source">Courtesy of Zillow</span></figcaption></figure>`,
      "The actress's Palm Springs home is for sale — see inside",
    );
    expect(preselected(image)).toEqual({ text: "The actress's Palm Springs home", credit: 'Courtesy of Zillow' });
  });

  it('a credit-only figcaption gives way to a descriptive alt, and lends it its credit', () => {
    const image = page(`<figure><img id="target" src="hero.png" alt="A woman with outspread hands stands before an orange wall."><figcaption>Image: Brian Weaver</figcaption></figure>`);
    expect(preselected(image)).toEqual({ text: 'A woman with outspread hands stands before an orange wall.', credit: 'Image: Brian Weaver' });
  });

  it('an inline picture linked to its larger view, in running prose, keeps its alt', () => {
    const prose = 'QGIS 2.8 was released in March. It is a long-term release, and its map canvas and query builder got attention. '.repeat(3);
    const image = page(`<div class="ArticleText"><h2>What is new</h2><p>${prose}</p><a href="/Articles/637747/"><img id="target" src="map-sm.png" alt="[QGIS main interface]"></a><p>${prose}</p></div>`);
    expect(preselected(image)).toEqual({ text: 'QGIS main interface', credit: '' });
  });

  it('a furniture-sounding class on the box that holds the headline does not make the hero furniture', () => {
    const image = page(
      `<section class="nav-padding"><header class="page-hero"><h1>Three ways to lead a room</h1><figure><img id="target" src="hero.png" alt="A woman with outspread hands stands before an orange wall."></figure></header></section>`,
    );
    expect(preselected(image).text).toBe('A woman with outspread hands stands before an orange wall.');
  });

  it('the post wrapper naming its authors and tags in its classes is not furniture', () => {
    const image = page(
      `<section class="post type-post hentry tag-cuba autor-jane-doe"><div class="entry"><div class="wp-caption"><img id="target" src="p.jpg" alt=""><p class="wp-caption-text">The plenary session opens in the capital. Foto: Jane Doe</p></div></div></section>`,
    );
    expect(preselected(image)).toEqual({ text: 'The plenary session opens in the capital.', credit: 'Foto: Jane Doe' });
  });

  it("a box named for sharing that holds the story's running prose is the article's frame, not furniture", () => {
    const long = '<p>The river rose two metres overnight, and by morning the lower town stood in water up to the windows of the bakery, the school and the town hall.</p>'.repeat(2);
    const image = page(`<div class="share-zone"><div class="body">${long}<figure><img id="target" src="f.jpg" alt=""><figcaption>Sandbags stacked against the bakery door.</figcaption></figure>${long}</div></div>`);
    expect(preselected(image).text).toBe('Sandbags stacked against the bakery door.');
  });

  it('long paragraphs in a comments box do not make a commenter\'s picture part of the article', () => {
    const long = '<p>I grew up two streets from the bakery and I have never seen the river this high; my grandmother says the last time was before the dike was built in the sixties.</p>'.repeat(2);
    const image = page(`<p>Story text.</p><section class="comments"><div class="comment">${long}<figure><img id="target" src="c.jpg" alt=""><figcaption>My street this morning</figcaption></figure></div></section>`);
    expect(preselected(image).text).toBe('');
  });

  it('joins blocks with a space: no glued words', () => {
    const image = page(`<figure><img id="target" src="a.jpg"><figcaption><div>DIY-Wurmkiste bauen</div><div>Würmer verwandeln Biomüll in Humus.</div><div>Foto: sidm / DW</div></figcaption></figure>`);
    expect(preselected(image)).toEqual({ text: 'DIY-Wurmkiste bauen Würmer verwandeln Biomüll in Humus.', credit: 'Foto: sidm / DW' });
  });
});

describe('rankCaptions: nothing preselected where the page has no caption', () => {
  it.each([
    ['a file-name alt', `<p>Some article text that goes on for a while.</p><img id="target" src="x.jpg" alt="IMG_2041.jpg">`],
    ['a slug alt', `<img id="target" src="x.jpg" alt="hero-image-final-v2">`],
    ['a credit-only figcaption, no alt', `<figure><img id="target" src="x.jpg" alt=""><figcaption>(Image credit: HandyGames)</figcaption></figure>`],
    ['a photographer handle as the whole caption', `<div class="wp-caption"><img id="target" src="x.jpg" alt="herzblut"><p class="wp-caption-text">herzblut</p></div>`],
    [
      'a related-story card whose figcaption is the linked headline',
      `<ul class="stories"><li class="story"><a href="/news/other-story"><figure><img id="target" src="t.jpg" alt="Drake Assaulted in Dubai Nightclub"><figcaption><a href="/news/other-story">Drake Assaulted in Dubai Nightclub</a></figcaption></figure></a></li></ul>`,
    ],
    ['a comment avatar', `<div class="comment-author"><img id="target" src="a.png" alt="Jane avatar"><span>Jane · March 10, 2017 at 12:20 AM</span></div>`],
    ['a logo', `<header><a href="/"><img id="target" src="logo.png" alt="WordPress Tavern Logo"></a></header>`],
    ['an author photo beside a byline', `<ul><li><div class="profilePic"><img id="target" src="m.jpg" alt=""></div><div>by Steven Musil January 18, 2017</div></li></ul>`],
    ['a related thumbnail whose alt is a headline', `<div class="related-posts"><a href="/2017/other"><img id="target" src="r.jpg" alt="Stack Overflow Documentation is Now in Beta"></a></div>`],
    ['the article title as the hero alt', `<h1>Mysterious plane circling Manhattan sparks concern</h1><img id="target" src="h.jpg" alt="Mysterious plane circling Manhattan sparks concern">`],
    ['a UI label', `<img id="target" src="e.png" alt="Enlarge this image">`],
    ['an alt that is the file name with spaces', `<div class="media"><img id="target" src="https://cdn.example/t/400x400/2020/09/cook_sept_2020_event.jpg" alt="cook sept 2020 event"></div>`],
    ['an author photo (Spanish "autor" markup)', `<section class="relates_wrapper"><div class="catdesc"><img id="target" class="authorphoto" src="yp.jpg" alt="Yaima Puig"><p>Periodista cubana. Trabaja en el diario Granma desde 2009.</p></div></section>`],
    [
      'a story card: picture and headline link to the same story',
      `<div class="grid"><div class="card"><a href="/2019/other-story"><img id="target" src="t.jpg" alt="A man walks his dog along a foggy beach at dawn"></a><a href="/2019/other-story">Why dog owners live longer</a><p>${'Owners walk more, a new study of ten thousand people finds, and sleep better too. '.repeat(3)}</p></div></div>`,
    ],
    ['a credit without a colon as the whole figcaption, no alt', `<figure><img id="target" src="z.jpg" alt=""><figcaption>Courtesy of Zillow</figcaption></figure>`],
    [
      'the story headline (marked as the headline, not the <h1>) as the hero alt',
      `<header><h1 class="alt-title">Decorating mistakes</h1><h2 itemprop="headline">The 5 biggest decorating mistakes and how to solve them</h2></header><img id="target" src="cover.jpg" alt="The 5 biggest decorating mistakes and how to solve them">`,
    ],
    ['an SEO keyword alt that the file name repeats before its size and id', `<div class="article__img"><img id="target" src="https://img.example/Sweden-Vanlife-Tips-169FullWidth-fbb780a3-1862891.jpg" alt="Sweden Vanlife Tips"></div>`],
    [
      "a video's poster: its figcaption is the video's title",
      `<figure class="video-inline"><div class="player_container"><img id="target" class="video__thumbnail" src="poster.jpg" alt=""><div class="video__title">The mayor's review of the year</div></div><figcaption class="inline-media__caption">The mayor's review of the year</figcaption></figure>`,
    ],
    [
      "the story's standfirst set in the caption box beside the hero",
      `<div class="storyMedia"><figure><img id="target" src="hero.jpg" alt=""><figcaption><h1>President begins a tour of the far south</h1></figcaption></figure><div class="storyMediaCaption"><p class="lead">The president will visit three cities and the Antarctic territory after his April trip.</p></div></div>`,
    ],
  ])('%s', (_kind, html) => {
    expect(preselected(page(html))).toEqual({ text: '', credit: '' });
  });
});

describe('listCaptionedImages uses the same finder', () => {
  it('pairs only images that have a caption, with credits left out', () => {
    page(`<figure><img id="target" src="https://example.test/a.jpg" width="400" height="300"><figcaption>Two orange cats on a sofa. Photo: Jane Doe</figcaption></figure>
<div class="related"><a href="/other"><img src="https://example.test/b.jpg" width="400" height="300" alt="A headline about another story entirely"></a></div>
<img src="https://example.test/c.jpg" width="400" height="300" alt="IMG_2041.jpg">`);
    // happy-dom has no layout: give every picture a size so the icon filter lets them through.
    for (const img of Array.from(document.querySelectorAll('img'))) img.getBoundingClientRect = () => new DOMRect(0, 0, 400, 300);
    const { items } = listCaptionedImages(1000);
    expect(items.map((i) => [i.imageUrl, i.caption, i.source, i.credit])).toEqual([['https://example.test/a.jpg', 'Two orange cats on a sofa.', 'figcaption', 'Photo: Jane Doe']]);
  });
});
