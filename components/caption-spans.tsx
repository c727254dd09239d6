import type { ClaimState } from '@/lib/job-record';
import type { Translate } from '@/lib/i18n';
import { STATE_TEXT } from './claim-row';

export interface CaptionPiece {
  start: number;
  end: number;
  kind: ClaimState | 'set-aside';
}

/** Cuts the caption into plain text and marked pieces; pieces that overlap or fall outside are skipped. */
export function captionSegments(caption: string, pieces: readonly CaptionPiece[]): { text: string; piece: CaptionPiece | null }[] {
  const sorted = pieces.filter((p) => p.start >= 0 && p.end > p.start && p.end <= caption.length).sort((a, b) => a.start - b.start);
  const out: { text: string; piece: CaptionPiece | null }[] = [];
  let at = 0;
  for (const piece of sorted) {
    if (piece.start < at) continue;
    if (piece.start > at) out.push({ text: caption.slice(at, piece.start), piece: null });
    out.push({ text: caption.slice(piece.start, piece.end), piece });
    at = piece.end;
  }
  if (at < caption.length) out.push({ text: caption.slice(at), piece: null });
  return out;
}

export interface CaptionSpansProps {
  caption: string;
  pieces: readonly CaptionPiece[];
  t: Translate;
}

/** The caption with each claim's span marked by its verdict (colour plus underline style) and set-aside text dimmed. */
export function CaptionSpans({ caption, pieces, t }: CaptionSpansProps) {
  return (
    <blockquote className="caption" dir="auto" aria-label={t('captionLabel')}>
      {captionSegments(caption, pieces).map(({ text, piece }, i) =>
        piece ? (
          <span key={i} className={`span span--${piece.kind}`} title={piece.kind === 'set-aside' ? t('notChecked') : t(STATE_TEXT[piece.kind].word)}>
            {text}
          </span>
        ) : (
          <span key={i}>{text}</span>
        ),
      )}
    </blockquote>
  );
}
