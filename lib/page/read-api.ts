// The image read's own page script (entrypoints/read.ts): what it offers the worker, in a slot of its own
// (the image read, and the caption when the user selected it).
import type { PageApi } from './api';

/** The part of the page API the read script installs. */
export type ReadApi = Pick<PageApi, 'readImage' | 'gatherSelection'>;
