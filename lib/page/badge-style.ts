// The look of the badge marks.ts puts by a checked image: its summary button, close button, verdict panel and
// hover tip, inside a closed shadow root (so none of it comes from or reaches the page's CSS).

/** How far inside its picture's corner the badge sits. */
export const BADGE_INSET = 6;

/** The badge's style sheet. */
export const BADGE_CSS = `
:host { all: initial !important; position: fixed !important; top: 0 !important; left: 0 !important; width: 0 !important;
  height: 0 !important; overflow: visible !important; z-index: 2147483647 !important; display: block !important; }
.wrap { position: fixed; direction: ltr; unicode-bidi: isolate; white-space: nowrap; font: 13px/1.4 system-ui, sans-serif; color: #1f1f1f; }
button { font: inherit; cursor: pointer; border: 1px solid #0003; border-radius: 12px; padding: 2px 10px; background: #fff; color: #1f1f1f; box-shadow: 0 1px 4px #0004; }
button.bad { background: #fce8e6; color: #8c1d18; }
button.ok { background: #e6f4ea; color: #14532d; } button.unsettled, button.running { background: #f1f3f4; color: #3c4043; }
button.failed { background: #fce8e6; color: #8c1d18; border-style: dashed; } .panel li.detail { font-weight: 600; }
button:focus-visible { outline: 2px solid #1a73e8; outline-offset: 2px; }
.wrap[dir="rtl"] { direction: rtl; }
.wrap.compact .words { display: none; } .wrap:not(.compact) .panel li.summary { display: none; } .panel li.summary { font-weight: 600; }
.close { margin-inline-start: 4px; padding: 2px 7px; }
.panel { white-space: normal; margin-top: 6px; max-width: 340px; background: #fff; border: 1px solid #0002; border-radius: 8px; padding: 8px 10px; box-shadow: 0 2px 10px #0003; }
.panel[hidden], .tip[hidden] { display: none; }
.panel ul { margin: 0; padding: 0; list-style: none; }
.panel li { margin: 3px 0; }
.tip { position: fixed; max-width: 320px; background: #202124; color: #fff; border-radius: 6px; padding: 4px 8px; pointer-events: none; }
.icon { font-weight: 700; }
@media (prefers-color-scheme: dark) {
  .panel, button { background: #2d2e31; color: #e8eaed; }
  button.bad { background: #5c1e1a; color: #fad2cf; }
  button.ok { background: #1b3d26; color: #ceead6; } button.unsettled, button.running { background: #3c4043; color: #e8eaed; }
  button.failed { background: #5c1e1a; color: #fad2cf; }
}`;
