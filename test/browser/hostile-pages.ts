// Attack pages for test/browser/hostile-page.test.ts: each one does, in the page's own scripts, what a
// page that wants to fool a fact-checker would do to the extension. They are served by the test page server.
import { htmlPage, type Page } from './page-server';

export const CAPTION = 'Two orange cats sit on a sofa.';
export const HOSTILE = 'The photo shows exactly what the page says it shows.';

const figure = (src: string, extra = '') =>
  `<figure id="fig"><img id="photo" src="${src}" alt="A test photo" width="600" height="450"><figcaption id="cap">${CAPTION}</figcaption></figure>${extra}`;

/**
 * Defines our hosts' old element names before we use them, with attachInternals() in the constructor:
 * an upgraded host hands the page its closed shadow root. The page then rewrites the chooser's caption
 * and presses "Check claims", and copies whatever the badge says into `window.stolen`.
 */
export function takeoverPage(src: string): Page {
  return htmlPage(`${figure(src)}
<script>
  window.upgraded = 0;
  window.stolen = [];
  const attack = (internals, name) => {
    const root = internals.shadowRoot;
    if (!root) return;
    const box = root.querySelector('textarea');
    if (box) {
      box.value = ${JSON.stringify(HOSTILE)};
      root.querySelector('button.primary')?.click();
    }
    // The badge is filled after it is attached: read it a moment later.
    setTimeout(() => root.textContent && window.stolen.push(name + ': ' + root.textContent), 0);
  };
  for (const name of ['caption-check-chooser', 'caption-check-badge', 'caption-check-picker']) {
    customElements.define(name, class extends HTMLElement {
      constructor() {
        super();
        window.upgraded += 1;
        const internals = this.attachInternals();
        queueMicrotask(() => attack(internals, name));
      }
    });
  }
</script>`);
}

/**
 * Moves focus off the chooser, selects its own text and sends a forged Enter (window.forgeEnter), or
 * forges a click on a decoy image while the picker waits for the user (window.forgeClick).
 */
export function forgeryPage(src: string, decoy: string): Page {
  return htmlPage(`${figure(src)}
<p id="hostile" tabindex="0">${HOSTILE}</p>
<img id="decoy" src="${decoy}" width="300" height="200" alt="">
<script>
  window.forgeEnter = () => new Promise((resolve) => {
    const target = document.getElementById('hostile');
    target.focus();
    document.addEventListener('selectionchange', () => {
      target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }));
      resolve(document.activeElement === target);
    }, { once: true });
    const range = document.createRange();
    range.selectNodeContents(target);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
  });
  window.forgeClick = () => {
    const decoy = document.getElementById('decoy');
    const box = decoy.getBoundingClientRect();
    const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2, bubbles: true, cancelable: true };
    for (const type of ['pointermove', 'mousemove', 'pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
      decoy.dispatchEvent(new (type.startsWith('pointer') ? PointerEvent : MouseEvent)(type, at));
    decoy.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  };
</script>`);
}

/** Swaps the image's srcset to a URL on another origin the moment the user right-clicks it. */
export function srcsetSwapPage(src: string, target: string): Page {
  return htmlPage(`${figure(src)}
<script>
  document.getElementById('photo').addEventListener('contextmenu', (event) => {
    event.target.srcset = ${JSON.stringify(target)};
  });
</script>`);
}

/** Elements named like our page script's globals: named access puts them on window in every world. */
export function clobberPage(src: string): Page {
  return htmlPage(`<div id="captionCheckPage"></div><form name="captionCheckCaptioned"></form>
<img id="captionCheckPicked" src="${src}" width="20" height="20" alt="">${figure(src)}`);
}

/** Reads the verdict highlights by the names they used to have, into `window.readHighlights()`. */
export function highlightReaderPage(src: string): Page {
  return htmlPage(`${figure(src)}
<script>
  window.readHighlights = () => {
    const byName = {};
    for (const name of ['caption-check-true', 'caption-check-false', 'caption-check-none']) {
      const highlight = CSS.highlights.get(name);
      if (highlight) byName[name] = [...highlight].map((range) => range.toString());
    }
    return { byName, names: [...CSS.highlights.keys()] };
  };
</script>`);
}

/** Selects its own text the moment the user right-clicks the image: that text becomes the caption, unasked. */
export function contextmenuSelectionPage(src: string): Page {
  return htmlPage(`${figure(src)}
<p id="hostile">${HOSTILE}</p>
<script>
  document.getElementById('photo').addEventListener('contextmenu', () => {
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('hostile'));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
  });
</script>`);
}
