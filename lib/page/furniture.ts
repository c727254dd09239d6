// Pictures that are not the article's: page furniture (related stories, avatars, logos, navigation, ads) and a
// video's poster frame. Their captions are offered, never preselected (caption-finder.ts). Pure DOM reads.
import { collapse } from './caption-text';

/** Ancestors whose images are page furniture or links to other stories, not pictures the article describes. */
const FURNITURE =
  /(?:^|[\s_-])(?:related|relates|recirc\w*|promo\w*|teasers?|popular|trending|most-?read|sidebar|comments?|avatars?|gravatar|author\w*|autor(?:es|en)?|byline|share|sharing|social|newsletter|footer|nav|navbar|menu|logo|sponsor\w*|advert\w*|outbrain|taboola|recommend\w*|more-stories|up-?next|latest|ranking|profile|jp-relatedposts|yarpp)(?:$|[\s_-])/i;
/** Furniture is decided close to the image: a page wraps its whole article in "…-with-rail" boxes. */
const FURNITURE_LEVELS = 6;
/** How far up a video player may wrap its poster (as far as a caption slot may sit, caption-finder.ts). */
const POSTER_LEVELS = 5;

/** Class, id or tag names of a video player: its poster frame's "caption" is the video's title. */
const PLAYER = /(?:^|[\s_-])(?:video|player|kaltura|jwplayer|brightcove|youtube|vimeo|vjs)(?:$|[\s_-])/i;

/** The picture is a video's poster or thumbnail: what the video is about is not what this one frame shows. */
export function isVideoPoster(image: Element): boolean {
  for (let el: Element | null = image, level = 0; el && el !== document.body && level <= POSTER_LEVELS; el = el.parentElement, level++)
    if (PLAYER.test(`${el.getAttribute('class') ?? ''} ${el.id}`) || el.querySelector(':scope > video')) return true;
  return false;
}

/** The image sits in page furniture: related stories, avatars, logos, navigation, ads. */
export function inFurniture(image: Element): boolean {
  const headline = document.querySelector('h1');
  for (let el: Element | null = image, level = 0; el && el !== document.body && level <= FURNITURE_LEVELS; el = el.parentElement, level++) {
    // A box that holds the story's own headline is the article's frame ("section.nav-padding"), not furniture beside it;
    // so is the post itself, whose classes name its authors and tags ("hentry autor-jane-doe tag-cuba").
    if (headline && el !== image && el.contains(headline)) return false;
    if (el !== image && el.matches('article, main, .hentry, [itemprop="articleBody"]')) return false;
    if (/^(?:NAV|FOOTER)$/.test(el.tagName) || el.getAttribute('role') === 'navigation') return true;
    const name = el.getAttribute('class') ?? '';
    // A box that holds the story's running prose is its frame, whatever it is named ("share-zone" around the article);
    // not where people write at length beside the story (comments, profiles).
    if (FURNITURE.test(name) && (PEOPLE_WRITE.test(name) || !holdsProse(el))) return true;
  }
  return false;
}

/** Boxes where readers or authors write at length: long paragraphs there are not the article's. */
const PEOPLE_WRITE = /comment|avatar|gravatar|author|autor|profile|byline/i;

const paragraphChars = (root: ParentNode) => Array.from(root.querySelectorAll('p')).reduce((sum, p) => sum + collapse(p.textContent).length, 0);

/** The box holds most of the page's running prose (at least 400 characters of it): the article's own text. */
function holdsProse(box: Element): boolean {
  const inBox = paragraphChars(box);
  return inBox >= 400 && inBox * 2 >= paragraphChars(document);
}
