// @vitest-environment happy-dom
// Caption structures the finder once missed on real pages (issue 32), each as a small synthetic snippet: a wiki
// thumbnail whose caption is a sibling <div>, a caption box with "hide caption" controls and an inline credit,
// a figcaption whose credit and licence sit in their own elements, a credit-only figcaption beside a short alt,
// controls and skip links inside a caption, and an alt that only names a card's item or spells out the file name.
import { describe, expect, it } from 'vitest';
import { page, preselected } from './caption-snippet';

const prose = '<p>The airline took delivery of its last jumbo jet in March, ending a long chapter for the type and for the crews who flew it.</p>';

describe('issue 32: caption structures', () => {
  it.each([
    [
      'a wiki thumbnail: caption in a sibling div, mostly links, the picture linked to its file page in another language namespace',
      `${prose}<div class="thumb tright"><div class="thumbinner"><a href="/wiki/Plik:Boeing_747-400.jpg" class="image"><img id="target" src="/images/thumb/220px-Boeing_747-400.jpg" alt="" width="220"></a><div class="thumbcaption"><div class="magnify"><a href="/wiki/Plik:Boeing_747-400.jpg" title="Enlarge"></a></div>A <a href="/wiki/Boeing_747">Boeing 747-400</a> of <a href="/wiki/Lufthansa">Lufthansa</a><sup><a href="#cite_note-3">[3]</a></sup></div></div></div>${prose}`,
      'A Boeing 747-400 of Lufthansa',
      '',
    ],
    [
      'an older wiki thumbnail: the caption div holds the "enlarge" clip icon, and the box it shares with the picture',
      `${prose}<div class="thumb tright"><div class="thumbinner"><a href="/wiki/File:Tower.jpg" class="image"><img id="target" src="/images/thumb/180px-Tower.jpg" alt="" width="180" height="240"></a><div class="thumbcaption"><div class="magnify"><a href="/wiki/File:Tower.jpg" class="internal" title="Enlarge"><img src="/skins/common/images/magnify-clip.png" width="15" height="11" alt=""></a></div>The control tower seen from the apron</div></div></div>`,
      'The control tower seen from the apron',
      '',
    ],
    [
      'a wiki thumbnail linked through the index.php?title=File: form',
      `${prose}<div class="thumb"><div class="thumbinner"><a href="/w/index.php?title=File:Runway_lights.png" class="image"><img id="target" src="/img/Runway_lights.png" alt=""></a><div class="thumbcaption"><a href="/wiki/Runway">Runway</a> <a href="/wiki/Approach_lighting_system">approach lights</a> at dusk</div></div></div>`,
      'Runway approach lights at dusk',
      '',
    ],
    [
      'a caption box beside the image with hide/toggle controls and the credit inline in the paragraph',
      `${prose}<div class="bucketwrap image"><div class="imagewrap"><a href="/photos/737"><img id="target" src="court.jpg" alt="Protesters outside the court"></a></div><div class="credit-caption"><div class="caption-wrap"><div class="caption" aria-label="Image caption"><p>Protesters gather outside the court in Washington on Monday. <b class="credit">Jane Doe/Agency</b> <b class="hide-caption"><b>hide caption</b></b></p></div></div><b class="toggle-caption"><b>toggle caption</b></b><span class="credit" aria-label="Image credit">Jane Doe/Agency</span></div></div>${prose}`,
      'Protesters gather outside the court in Washington on Monday.',
      'Jane Doe/Agency',
    ],
    [
      'caption controls as buttons and ARIA toggles, no credit class: the controls never join the caption',
      `<div class="media"><img id="target" src="m.jpg" alt=""><div class="media-caption"><p>A marsh at low tide, seen from the dike.</p><span role="button" aria-expanded="true">Hide caption</span><a href="#" aria-controls="cap-1">Show less</a></div></div>`,
      'A marsh at low tide, seen from the dike.',
      '',
    ],
    [
      'a figcaption whose credit (microdata, no credit class) and licence sit in their own spans',
      `<figure itemscope itemtype="https://schema.org/ImageObject"><img id="target" src="tram.jpg" alt=""><figcaption><span itemprop="caption">A tram crosses the river at night.</span><span itemprop="creator">Jane Doe</span><span class="image-licence">CC BY-SA 4.0</span></figcaption></figure>`,
      'A tram crosses the river at night.',
      'Jane Doe · CC BY-SA 4.0',
    ],
    [
      'a figcaption whose credit is a <small> name after a bullet, and an ARIA-labelled licence',
      `<figure><img id="target" src="owl.jpg" alt=""><figcaption><span>An owl on a fence post.</span> • <small aria-label="Photo credit">Jane Doe</small> <span aria-label="Licence"><a href="https://creativecommons.org/licenses/by/2.0/">Some rights reserved</a></span></figcaption></figure>`,
      'An owl on a fence post.',
      'Jane Doe · Some rights reserved',
    ],
    [
      'a credit element holding a microdata-marked name: one credit line, its lead word not left in the caption',
      `<figure><img id="target" src="p.jpg" alt=""><figcaption><span itemprop="caption" class="caption">A painting of the assembly, by the artist</span><span class="bullet">•</span><span class="copyright">Credits : <em itemprop="copyrightHolder">Agency</em></span></figcaption></figure>`,
      'A painting of the assembly, by the artist',
      'Credits : Agency',
    ],
    [
      'a figure whose figcaption is only the agency, with a short real caption in the alt',
      `${prose}<figure><img id="target" src="gear.jpg" alt="Landing gear"><figcaption>Getty Images</figcaption></figure>${prose}`,
      'Landing gear',
      'Getty Images',
    ],
    [
      'a gallery slide: a hidden "skip the gallery" link and a slide count beside the credit',
      `<figure class="gallery-slide"><img id="target" src="s1.jpg" alt="Refill day in the market hall"><figcaption><p class="slide-caption">Volunteers show how to shop without plastic.</p><p class="slide-copyright"><span>Image 1 of 4</span> © Jane Doe</p><a tabindex="-1" href="#gallery-end-1">Skip the gallery</a></figcaption></figure>`,
      'Volunteers show how to shop without plastic.',
      '© Jane Doe',
    ],
    [
      'two photos side by side closed by one caption: the left photo shares it',
      `<div class="photo"><div class="col"><a href="/img/1.html"><img id="target" src="back.jpg" alt="" width="282" height="211"></a></div><div class="col"><a href="/img/2.html"><img src="side.jpg" alt="" width="282" height="211"></a></div><p class="caption">The back is glass, the sides are titanium-coloured.</p></div>`,
      'The back is glass, the sides are titanium-coloured.',
      '',
    ],
    [
      'a bold lead-in line ending in a colon, the picture right after it in the same paragraph',
      `${prose}<p><strong>Our template:</strong><br><img id="target" src="stencil.gif" alt="" width="888" height="665"></p>${prose}`,
      'Our template:',
      '',
    ],
  ])('%s', (_kind, html, text, credit) => {
    expect(preselected(page(html))).toEqual({ text, credit });
  });

  it.each([
    [
      "a download card: the alt repeats the card's own heading",
      `<div class="download"><div class="download-image"><img id="target" src="report-cover.jpg" alt="Resource turnaround: an appeal to the government"></div><div class="download-text"><h2>Resource turnaround: an appeal to the government</h2><time>08.12.2022</time><p>12 pages, PDF, 1.27 MB</p><a href="/report.pdf">Download</a></div></div>`,
    ],
    [
      "an alt that only spells out the file's initials",
      `<p><img id="target" class="alignleft" src="https://cdn.example/uploads/2021/02/MAAM.png" alt="meet an artist monday">The artist works with plants and the stories they carry across generations.</p>`,
    ],
    [
      "an item icon in a wiki table's row of icons: the next icon's name is not its caption",
      `<table class="infobox"><tr><td>Loved gifts</td><td><span><img id="target" src="/thumb/24px-Diamond.png" alt="Diamond.png" width="24" height="24"> <a href="/Diamond">Diamond</a></span><span><img src="/thumb/24px-Emerald.png" alt="Emerald.png" width="24" height="24"> <a href="/Emerald">Emerald</a></span></td></tr></table>`,
    ],
    [
      "an image title that is the story's headline plus a counter (a theme's default)",
      `<h1>Meet Cultural Artist Jane Doe</h1><p><img id="target" src="/uploads/badge.png" alt="" title="Meet Cultural Artist Jane Doe 45">Jane Doe works with plants and the stories they carry across generations.</p>`,
    ],
    [
      'a gallery of captioned items: one item\'s caption is not its neighbour\'s',
      `<div class="gallery"><div class="item"><img id="target" src="a.jpg" alt=""></div><div class="item"><img src="b.jpg" alt=""><p class="caption">The second picture only.</p></div></div>`,
    ],
    ['a step number before the picture', `<p><strong>Step 2:</strong><br><img id="target" src="s2.jpg" alt=""></p>`],
    ['a sentence that ends in a colon before the picture', `<p>Here is how the finished stencil looks after we painted it in four colours:<br><img id="target" src="s.jpg" alt=""></p>`],
    ['a lead-in with text after the picture too', `<p><strong>Our template:</strong><br><img id="target" src="s.jpg" alt=""><br>We printed it four times.</p>`],
    ['an alt that labels the picture as a symbolic stock image', `<article><h1>Actors who changed the industry</h1><img id="target" src="hero.jpg" alt="Symbolbild: Schauspieler auf der Bühne"></article>`],
  ])('nothing preselected: %s', (_kind, html) => {
    expect(preselected(page(html))).toEqual({ text: '', credit: '' });
  });

  it('a collapsible caption box (aria-expanded on the text itself) is read, not dropped as a control', () => {
    const image = page(
      `<figure><img id="target" src="dike.jpg" alt=""><figcaption><div aria-expanded="false">A marsh at low tide, seen from the dike on a grey November morning.</div><button aria-controls="c">More</button></figcaption></figure>`,
    );
    expect(preselected(image)).toEqual({ text: 'A marsh at low tide, seen from the dike on a grey November morning.', credit: '' });
  });

  it('a real caption whose words merely match a heading elsewhere on the page is kept', () => {
    const image = page(
      `<h2>Landing gear</h2>${prose}<figure><img id="target" src="gear.jpg" alt=""><figcaption>The nose gear retracts forward into the fuselage.</figcaption></figure>`,
    );
    expect(preselected(image)).toEqual({ text: 'The nose gear retracts forward into the fuselage.', credit: '' });
  });
});
