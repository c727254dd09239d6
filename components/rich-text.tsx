import { Fragment, type ReactNode } from 'react';

// A stand-in for each element a translated sentence places ($1, $2…), unlikely in any text.
const SLOT = (n: number) => `\u2063${n}\u2063`;

/**
 * A translated sentence with elements in it: `text` is called with stand-ins for its placeholders (the
 * message fills $1, $2… where its language puts them), and each stand-in becomes the matching element of
 * `parts` ("Choose <strong>Ollama</strong>, …" in English, "Wählen Sie <strong>Ollama</strong> …" in German).
 */
export function withParts(text: (...slots: string[]) => string, parts: readonly ReactNode[]): ReactNode {
  const pieces = text(...parts.map((_, i) => SLOT(i + 1))).split(/\u2063(\d+)\u2063/);
  return pieces.map((piece, i) => <Fragment key={i}>{i % 2 === 1 ? parts[Number(piece) - 1] : piece}</Fragment>);
}
