// A thread of posts (a social network's conversation view) where someone asks an AI account about the picture by
// mentioning it ("@grok what does this photo show?") and that account's reply describes the picture. The reply is the
// answer; the posts that asked are the user's words. Pure DOM reads (layout only to tell a picture from an avatar).
import { isAvatarOrLogo } from './avatar-logo';
import { collapse, renderedLines, wordCount } from './caption-text';
import { isPicture } from './picture-size';
import { namesModel } from './model-names';

/** A post of a thread. */
const POST = 'article, [role="article"]';
/** Most posts after the picture's read for the AI's reply. */
const MOST_POSTS = 12;
/** Tags a post's text may be made of: a Markdown-like body of paragraphs, lines and inline marks. */
const PROSE = /^(?:P|SPAN|A|BR|STRONG|B|EM|I|UL|OL|LI|BLOCKQUOTE)$/;

/** An account by its link: the path it points to, lower case ("/grok"). */
const accountKey = (link: Element) => {
  try {
    return new URL(link.getAttribute('href') ?? '', document.baseURI).pathname.replace(/\/+$/, '').toLowerCase();
  } catch {
    return '';
  }
};

/** Who wrote the post: the first link with words in it (the author's name, before the post's text). */
const authorOf = (post: Element) => Array.from(post.querySelectorAll('a[href]')).find((a) => /\p{L}/u.test(a.textContent ?? ''));

/** The accounts a post mentions ("@grok"), by their links. */
const mentionsOf = (post: Element) =>
  new Set(Array.from(post.querySelectorAll('a[href]')).filter((a) => /^@\S/.test(collapse(a.textContent))).map(accountKey).filter(Boolean));

/** The post's words: its longest block of text, widened over the paragraphs beside it, without its author's line. */
function bodyOf(post: Element): Element | null {
  const author = authorOf(post);
  let best: Element | null = null;
  for (const el of Array.from(post.querySelectorAll('*'))) {
    if ((author && (el.contains(author) || author.contains(el))) || el.closest('button, [role="group"], time')) continue;
    const own = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && collapse(n.textContent));
    if (own && wordCount(collapse(el.textContent)) > wordCount(collapse(best?.textContent))) best = el;
  }
  while (best?.parentElement && best.parentElement !== post && Array.from(best.parentElement.children).every((c) => PROSE.test(c.tagName))) best = best.parentElement;
  return best;
}

/**
 * The reply of an AI account that a post of the thread asked about the picture: a later post whose author (a name that
 * names a model or an AI: "Grok", "Perplexity") is mentioned by the picture's post or a post between them. Null otherwise.
 */
export function answerInThread(image: Element): { answers: { element: Element; label: string; text: string }[]; userTexts: string[] } | null {
  const own = image.closest(POST);
  if (!own || !isPicture(image) || isAvatarOrLogo(image)) return null;
  const posts = Array.from(document.querySelectorAll(POST)).filter((p) => !p.parentElement?.closest(POST));
  const start = posts.indexOf(own);
  if (start < 0) return null;
  const asked: Element[] = [];
  for (const post of posts.slice(start, start + MOST_POSTS)) {
    const author = post === own ? null : authorOf(post);
    const key = author ? accountKey(author) : '';
    if (author && key && namesModel(`${collapse(author.textContent)} ${key.replace(/^\//, '')}`) && asked.some((p) => mentionsOf(p).has(key))) {
      if (Array.from(post.querySelectorAll('img')).some((img) => isPicture(img) && !isAvatarOrLogo(img))) return null;
      const body = bodyOf(post);
      const text = body ? renderedLines(body).join('\n') : '';
      if (wordCount(text) < 5) return null;
      const userTexts = asked.filter((p) => p !== own && mentionsOf(p).has(key)).map((p) => collapse(bodyOf(p)?.textContent));
      return { answers: [{ element: body!, label: '', text }], userTexts: userTexts.filter(Boolean) };
    }
    asked.push(post);
  }
  return null;
}
